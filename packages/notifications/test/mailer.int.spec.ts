/**
 * The mailer against a real SMTP server in-process (`smtp-server` on 127.0.0.1, random port, no auth
 * or TLS), and the .eml outbox.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMailer,
  type Mailer,
  PermanentDeliveryError,
  renderConfirmationPdf,
  renderEmail,
  sampleDocumentData,
  sampleVariables,
  TransientDeliveryError,
} from '../src/index';
import { streamText } from './pdf-text';

interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

interface TestServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** An SMTP server that accepts everything, or rejects recipients with `rejectWith` (e.g. 550 or 451). */
async function startServer(rejectWith?: { code: number; message: string }): Promise<TestServer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (rejectWith) {
        const err = new Error(rejectWith.message) as Error & { responseCode: number };
        err.responseCode = rejectWith.code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- a small MIME reader for the test (headers, multipart, base64 and quoted-printable) ---------

interface Part {
  headers: Record<string, string>;
  body: Buffer;
  parts: Part[];
}

function parseMime(raw: Buffer): Part {
  const text = raw.toString('latin1');
  const split = text.search(/\r?\n\r?\n/);
  const head = text.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const bodyText = text.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const parts = bodyText
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .map((p) => parseMime(Buffer.from(p.replace(/^\r?\n/, ''), 'latin1')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let body: Buffer;
  if (encoding === 'base64') body = Buffer.from(bodyText.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') {
    body = Buffer.from(
      bodyText
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    );
  } else body = Buffer.from(bodyText, 'latin1');
  return { headers, body, parts: [] };
}

function leaves(p: Part): Part[] {
  return p.parts.length ? p.parts.flatMap(leaves) : [p];
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

// ---------------------------------------------------------------------------------------------

describe('createMailer({ smtpUrl }) against a real SMTP server', () => {
  let server: TestServer;
  let mailer: Mailer;

  beforeAll(async () => {
    server = await startServer();
    mailer = createMailer({ smtpUrl: server.url });
  });
  afterAll(async () => {
    await mailer.close();
    await server.close();
  });

  it('delivers the rendered confirmation with its PDF attachment', async () => {
    const email = renderEmail('confirmation', {}, sampleVariables());
    const pdf = await renderConfirmationPdf(sampleDocumentData());
    const { messageId } = await mailer.send({
      to: 'tan.weiming@example.com',
      from: email.from,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: [
        { filename: 'confirmation-HS2505-0607-1234.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });
    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(server.received).toHaveLength(1);
    const got = server.received[0]!;
    expect(got.from).toBe('appointments@healthscreening.example.sg');
    expect(got.to).toEqual(['tan.weiming@example.com']);

    const message = parseMime(got.raw);
    expect(decodeHeader(message.headers.subject!)).toBe(
      'Your health screening is confirmed: HS2505-0607-1234',
    );
    expect(message.headers['message-id']).toBe(messageId);
    const parts = leaves(message);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
    const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
    const attachment = parts.find((p) => p.headers['content-type']?.startsWith('application/pdf'));
    expect(text?.body.toString('utf8')).toContain('Reference number HS2505-0607-1234');
    expect(html?.body.toString('utf8')).toContain('<strong>HS2505-0607-1234</strong>');
    expect(attachment?.headers['content-disposition']).toMatch(
      /attachment; filename=.?confirmation-HS2505-0607-1234\.pdf/,
    );
    expect(Buffer.compare(attachment!.body, Buffer.from(pdf))).toBe(0);
    const pdfText = streamText(attachment!.body);
    expect(pdfText).toContain('HS2505-0607-1234');
    expect(pdfText).toContain('S$465.98');
  });

  it('sends several messages at once over the pool', async () => {
    const before = server.received.length;
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        mailer.send({
          to: `p${n}@example.com`,
          from: 'a@example.com',
          subject: `n${n}`,
          html: '<p>x</p>',
          text: 'x',
        }),
      ),
    );
    expect(
      server.received
        .slice(before)
        .flatMap((r) => r.to)
        .sort(),
    ).toEqual(['p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com']);
  });
});

describe('delivery failures are classified for retries', () => {
  const message = {
    to: 'nobody@example.com',
    from: 'a@example.com',
    subject: 's',
    html: '<p>h</p>',
    text: 't',
  };

  it('550 recipient rejected -> PermanentDeliveryError (do not retry)', async () => {
    const server = await startServer({ code: 550, message: 'No such user here' });
    const mailer = createMailer({ smtpUrl: server.url });
    try {
      const err = await mailer.send(message).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermanentDeliveryError);
      expect(err).toMatchObject({ responseCode: 550, command: 'RCPT TO' });
      expect((err as Error).message).toMatch(/^Mail refused \(550\)/);
      expect(server.received).toHaveLength(0);
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  it('451 try again later -> TransientDeliveryError (retry with backoff)', async () => {
    const server = await startServer({ code: 451, message: 'Try again later' });
    const mailer = createMailer({ smtpUrl: server.url });
    try {
      const err = await mailer.send(message).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransientDeliveryError);
      expect(err).not.toBeInstanceOf(PermanentDeliveryError);
      expect(err).toMatchObject({ responseCode: 451 });
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  it('no server listening -> TransientDeliveryError', async () => {
    const server = await startServer();
    const url = server.url;
    await server.close();
    const mailer = createMailer({ smtpUrl: url });
    try {
      const err = await mailer.send(message).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransientDeliveryError);
    } finally {
      await mailer.close();
    }
  });

  it('an address nodemailer cannot use -> PermanentDeliveryError', async () => {
    const server = await startServer();
    const mailer = createMailer({ smtpUrl: server.url });
    try {
      const err = await mailer.send({ ...message, to: 'not an address' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermanentDeliveryError);
    } finally {
      await mailer.close();
      await server.close();
    }
  });
});

describe('createMailer() without smtpUrl writes .eml files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hs-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the message with its attachment under the outbox folder and returns the path', async () => {
    const outbox = path.join(dir, 'mail');
    const mailer = createMailer({ outboxDir: outbox });
    const email = renderEmail('receipt', {}, sampleVariables());
    const pdf = await renderConfirmationPdf(sampleDocumentData());
    const { messageId } = await mailer.send({
      to: 'tan.weiming@example.com',
      ...email,
      attachments: [{ filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    await mailer.close();
    expect(path.dirname(messageId)).toBe(path.resolve(outbox));
    expect(messageId).toMatch(/\.eml$/);
    expect(await readdir(outbox)).toEqual([path.basename(messageId)]);
    const raw = await readFile(messageId);
    const message = parseMime(raw);
    expect(decodeHeader(message.headers.subject!)).toBe(
      'Payment receipt for HS2505-0607-1234: tax invoice HS-2025-000123',
    );
    expect(message.headers.to).toBe('tan.weiming@example.com');
    const attachment = leaves(message).find((p) => p.headers['content-type']?.startsWith('application/pdf'));
    expect(Buffer.compare(attachment!.body, Buffer.from(pdf))).toBe(0);
  });
});
