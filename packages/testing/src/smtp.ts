/** A real SMTP server on loopback that records what arrives, for tests of the mail the product sends. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface TestSmtp {
  url: string;
  /** Messages the server accepted: it answered 250 to their DATA on a connection still open. */
  received: ReceivedMail[];
  /**
   * Every message whose DATA arrived in full, accepted or not: what a real server may already have
   * queued for delivery even when its 250 never reached the client.
   */
  arrived: ReceivedMail[];
  /** RCPT TO commands seen per address (refused ones included). */
  rcptAttempts: Map<string, number>;
  /** When (Date.now()) each RCPT TO per address arrived, refused ones included. */
  rcptTimes: Map<string, number[]>;
  /** Address -> how many more RCPT TO to answer with 451 (try again later) before accepting. */
  defer: Map<string, number>;
  /**
   * Called once a message's DATA has arrived, before the server replies: the reply waits for the
   * promise. `gone` resolves when the client's connection closes; a client gone meanwhile gets no
   * reply, and the message is not counted as received.
   */
  holdReply: ((mail: ReceivedMail, gone: Promise<void>) => Promise<void>) | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1; recipients starting with `reject` are refused with 550, those in
 * `defer` with 451 as many times as asked.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const connections = new Map<string, { closed: boolean; gone: Promise<void>; close: () => void }>();
  const connection = (id: string) => {
    let c = connections.get(id);
    if (!c) {
      let close!: () => void;
      const gone = new Promise<void>((r) => {
        close = r;
      });
      c = { closed: false, gone, close };
      connections.set(id, c);
    }
    return c;
  };
  const smtp: TestSmtp = {
    url: '',
    received: [],
    arrived: [],
    rcptAttempts: new Map(),
    rcptTimes: new Map(),
    defer: new Map(),
    holdReply: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const refuse = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      smtp.rcptAttempts.set(to, (smtp.rcptAttempts.get(to) ?? 0) + 1);
      smtp.rcptTimes.set(to, [...(smtp.rcptTimes.get(to) ?? []), Date.now()]);
      if (to.startsWith('reject')) return callback(refuse(550, 'Mailbox unavailable'));
      const deferrals = smtp.defer.get(to) ?? 0;
      if (deferrals > 0) {
        smtp.defer.set(to, deferrals - 1);
        return callback(refuse(451, 'Try again later'));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const mail = {
          ...parseMime(Buffer.concat(chunks).toString('latin1')),
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        smtp.arrived.push(mail);
        if (smtp.holdReply) await smtp.holdReply(mail, connection(session.id).gone);
        if (!connection(session.id).closed) smtp.received.push(mail);
        callback();
      });
    },
    onClose(session) {
      const c = connection(session.id);
      c.closed = true;
      c.close();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  smtp.url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  return smtp;
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const s = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(s.charCodeAt(i));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'latin1');
}

const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
  );

/** Just enough MIME for nodemailer's output: subject, text and html parts, attachments. */
export function parseMime(raw: string): Omit<ReceivedMail, 'to'> {
  const out: Omit<ReceivedMail, 'to'> = { subject: '', html: '', text: '', attachments: [] };
  const walk = (part: string, top: boolean) => {
    const { headers, body } = splitHead(part);
    if (top)
      out.subject = decodeWords(headers.subject ?? '')
        .replace(/\s+/g, ' ')
        .trim();
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const child of body.split(`--${boundary}`).slice(1)) {
        if (child.startsWith('--')) break;
        walk(child.replace(/^\r?\n/, ''), false);
      }
      return;
    }
    const content = decodeBody(body, headers['content-transfer-encoding']);
    const filename = /filename="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1];
    if (filename) out.attachments.push({ filename, contentType: type.split(';')[0]!, content });
    else if (type.startsWith('text/html')) out.html = content.toString('utf8');
    else if (type.startsWith('text/plain')) out.text = content.toString('utf8');
  };
  walk(raw, true);
  return out;
}
