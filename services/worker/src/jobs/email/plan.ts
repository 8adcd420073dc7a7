/** What an email queue decides for its job: whether to send, what the email carries, what to record. */
import type { EmailQueueName, QueuePayloads } from '@hs/contracts';
import type { InvoiceSnapshot, RegistrationCommand } from '@hs/domain';
import type { DocumentData, DocumentPayment, MailAttachment } from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';
import type { RegistrationRead } from '../../registration';
import type { JobContext } from '../context';

export type EmailPayload = QueuePayloads[EmailQueueName];

/** The message as sent: what its fact records. */
export type Sent = { to: string; recipientId?: string; messageId: string; at: string };

/** What one email carries beyond the order's own variables, and what to record once it is sent. */
export interface Composed {
  /** Variables of this email only (the expiry's link, the refund's amounts). */
  variables?: Record<string, string>;
  attachments: MailAttachment[];
  facts: (sent: Sent) => RegistrationCommand[];
  /** Adds to the rendered HTML (the confirmation's check-in QR code). */
  html?: (html: string) => string;
}

/** What `compose` is given: the stream read under the lock, the order and its document. */
export interface ComposeInput {
  read: RegistrationRead;
  order: OrderRow;
  doc: DocumentData;
  /** The order's issued invoice (issued by this job if need be), when the plan asks for one. */
  invoice: InvoiceSnapshot | null;
}

export interface EmailPlan {
  /** Why not to send (already sent, cancelled, moved); null: send. */
  skip: (read: RegistrationRead) => string | null | Promise<string | null>;
  /** The payment shown on the documents and in the email. */
  payment: (read: RegistrationRead) => DocumentPayment | null;
  compose: (c: ComposeInput) => Promise<Composed>;
  /** Issue 25: the email shows the order's issued invoice number (issued first when the order has none). */
  invoice?: boolean;
  /**
   * The fact is in the stream already: append nothing. Checked in the append's own transaction, so
   * a job that sent after its lock lapsed (another worker sent too) still records the message once.
   */
  recorded?: (read: RegistrationRead) => boolean;
  /** Lock key: one message per registration (and per payment for receipts, per expiry, per refund). */
  key: string;
}

/** The plan of one queue's job. */
export type PlanOf<Q extends EmailQueueName> = (data: QueuePayloads[Q], ctx: JobContext) => EmailPlan;
