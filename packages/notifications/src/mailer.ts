/**
 * Sending: a pooled nodemailer SMTP transport when SMTP_URL is set, else `.eml` files in an outbox
 * folder (development). Failures are classified so the job layer knows whether to retry:
 * PermanentDeliveryError (5xx, invalid address: do not retry) or TransientDeliveryError (4xx,
 * connection problems: retry with backoff).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
  /** Content-ID of an inline image the HTML shows as `cid:<cid>`. */
  cid?: string;
}

export interface MailMessage {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Resolves with the SMTP Message-ID, or the written file's path in outbox mode. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

interface DeliveryErrorDetails {
  responseCode?: number | undefined;
  command?: string | undefined;
  cause?: unknown;
}

/** A failed delivery with what the SMTP server said: its reply code and the command it refused. */
abstract class DeliveryError extends Error {
  readonly responseCode: number | undefined;
  readonly command: string | undefined;
  constructor(message: string, details: DeliveryErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.responseCode = details.responseCode;
    this.command = details.command;
  }
}

/** The server refused for good (5xx, e.g. 550 recipient rejected) or the address is invalid: do not retry. */
export class PermanentDeliveryError extends DeliveryError {
  override name = 'PermanentDeliveryError';
}

/** A failure that may pass (4xx, connection refused or dropped, time-out): retry with backoff. */
export class TransientDeliveryError extends DeliveryError {
  override name = 'TransientDeliveryError';
}

export function isPermanentDeliveryError(e: unknown): e is PermanentDeliveryError {
  return e instanceof PermanentDeliveryError;
}

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  permanent?: boolean;
}

/** Maps a nodemailer error to PermanentDeliveryError / TransientDeliveryError. */
export function classifyDeliveryError(e: unknown): PermanentDeliveryError | TransientDeliveryError {
  if (e instanceof PermanentDeliveryError || e instanceof TransientDeliveryError) return e;
  const err = (e instanceof Error ? e : new Error(String(e))) as NodemailerError;
  const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  const reply = err.response ? `: ${err.response}` : '';
  const details = { responseCode: code, command: err.command, cause: err };
  if (code !== undefined && code >= 500) {
    return new PermanentDeliveryError(`Mail refused (${code})${reply}`, details);
  }
  // rejected before any server reply: an address nodemailer itself cannot use
  if (err.code === 'EENVELOPE' && code === undefined) {
    return new PermanentDeliveryError(`Invalid envelope: ${err.message}`, details);
  }
  return new TransientDeliveryError(
    code !== undefined
      ? `Mail deferred (${code})${reply}`
      : `Mail delivery failed: ${err.code ?? err.message}`,
    details,
  );
}

function toMailOptions(m: MailMessage) {
  return {
    to: m.to,
    from: m.from,
    subject: m.subject,
    html: m.html,
    text: m.text,
    attachments: (m.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  };
}

// Our messages never reference files or URLs; refusing them means no content can make nodemailer read either.
const HARDENING = { disableFileAccess: true, disableUrlAccess: true } as const;

export interface MailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://...`; query options such as `?ignoreTLS=true` pass through. */
  smtpUrl?: string | undefined;
  /** Outbox folder when there is no SMTP URL; default `.data/mail` (relative to the working directory). */
  outboxDir?: string | undefined;
}

/** A pooled SMTP mailer when `smtpUrl` is given, else an outbox mailer writing `.eml` files. */
export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl) : createOutboxMailer(opts.outboxDir ?? '.data/mail');
}

function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...HARDENING,
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail(toMailOptions(message));
        if (info.rejected?.length) {
          throw new PermanentDeliveryError(`Recipient rejected: ${info.response ?? ''}`.trim());
        }
        return { messageId: info.messageId };
      } catch (e) {
        throw classifyDeliveryError(e);
      }
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer(outboxDir: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...HARDENING,
  });
  let counter = 0;
  return {
    async send(message) {
      const info = await transport.sendMail(toMailOptions(message));
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = (info.messageId ?? '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60);
      const file = path.resolve(outboxDir, `${stamp}-${(counter++).toString(36)}-${id || 'message'}.eml`);
      await writeFile(file, info.message as Buffer);
      return { messageId: file };
    },
    async close() {},
  };
}
