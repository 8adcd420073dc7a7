/** The product's email types, their config keys and the seeded default templates (EJS). */
import { ENGLISH_EMAILS } from './languages';

export const EMAIL_TYPES = [
  'confirmation',
  'reminder',
  'cancellation',
  'receipt',
  'invoice',
  'expiry',
  'refund',
  'rescheduled',
  'waitlist_joined',
  'waitlist_offer',
  'waitlist_expired',
  'waitlist_left',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const PRODUCT_NAME = 'Health Screening';

/** `EMAIL_CONFIRMATION_SUBJECT`, `EMAIL_RECEIPT_TEMPLATE`, ... */
export function emailConfigKeys(type: EmailType): { subject: string; template: string } {
  const t = type.toUpperCase();
  return { subject: `EMAIL_${t}_SUBJECT`, template: `EMAIL_${t}_TEMPLATE` };
}

/** True for config keys whose value is an EJS template (`EMAIL_*_SUBJECT`, `EMAIL_*_TEMPLATE`): validate these at save. */
export function isTemplateConfigKey(key: string): boolean {
  return /^EMAIL_[A-Z0-9_]+_(SUBJECT|TEMPLATE)$/.test(key);
}

/** The English templates, built from the words every language shares the markup of (languages/build.ts). */
const EN = (key: string): string => ENGLISH_EMAILS[key]!;

/** The seeded email configs: the six the spec lists, then the same pattern for the other types. */
export const DEFAULT_EMAIL_CONFIGS: Record<string, { value: string; description: string }> = {
  EMAIL_SENDER_NAME: { value: 'Health Screening Appointments', description: 'Name shown as the sender' },
  EMAIL_SENDER_ADDRESS: {
    value: 'appointments@healthscreening.example.sg',
    description: 'Address emails are sent from',
  },
  EMAIL_CONFIRMATION_SUBJECT: {
    value: EN('EMAIL_CONFIRMATION_SUBJECT'),
    description: 'Subject of the confirmation email (EJS)',
  },
  EMAIL_CONFIRMATION_TEMPLATE: {
    value: EN('EMAIL_CONFIRMATION_TEMPLATE'),
    description: 'Body of the confirmation email (EJS)',
  },
  EMAIL_REMINDER_SUBJECT: {
    value: EN('EMAIL_REMINDER_SUBJECT'),
    description: 'Subject of the reminder email (EJS)',
  },
  EMAIL_REMINDER_TEMPLATE: {
    value: EN('EMAIL_REMINDER_TEMPLATE'),
    description: 'Body of the reminder email (EJS)',
  },
  EMAIL_CANCELLATION_SUBJECT: {
    value: EN('EMAIL_CANCELLATION_SUBJECT'),
    description: 'Subject of the cancellation email (EJS)',
  },
  EMAIL_CANCELLATION_TEMPLATE: {
    value: EN('EMAIL_CANCELLATION_TEMPLATE'),
    description: 'Body of the cancellation email (EJS)',
  },
  EMAIL_RECEIPT_SUBJECT: {
    value: EN('EMAIL_RECEIPT_SUBJECT'),
    description: 'Subject of the payment receipt email (EJS)',
  },
  EMAIL_RECEIPT_TEMPLATE: {
    value: EN('EMAIL_RECEIPT_TEMPLATE'),
    description: 'Body of the payment receipt email (EJS)',
  },
  EMAIL_INVOICE_SUBJECT: {
    value: EN('EMAIL_INVOICE_SUBJECT'),
    description: 'Subject of the invoice email (EJS)',
  },
  EMAIL_INVOICE_TEMPLATE: {
    value: EN('EMAIL_INVOICE_TEMPLATE'),
    description: 'Body of the invoice email (EJS)',
  },
  EMAIL_EXPIRY_SUBJECT: {
    value: EN('EMAIL_EXPIRY_SUBJECT'),
    description: 'Subject of the email sent when an unpaid reservation expires (EJS)',
  },
  EMAIL_EXPIRY_TEMPLATE: {
    value: EN('EMAIL_EXPIRY_TEMPLATE'),
    description: 'Body of the email sent when an unpaid reservation expires (EJS)',
  },
  EMAIL_REFUND_SUBJECT: {
    value: EN('EMAIL_REFUND_SUBJECT'),
    description: 'Subject of the refund email (EJS)',
  },
  EMAIL_REFUND_TEMPLATE: {
    value: EN('EMAIL_REFUND_TEMPLATE'),
    description: 'Body of the refund email, sent with the credit note PDF (EJS)',
  },
  EMAIL_RESCHEDULED_SUBJECT: {
    value: EN('EMAIL_RESCHEDULED_SUBJECT'),
    description: 'Subject of the email sent when an appointment is rescheduled (EJS)',
  },
  EMAIL_RESCHEDULED_TEMPLATE: {
    value: EN('EMAIL_RESCHEDULED_TEMPLATE'),
    description:
      'Body of the email sent when an appointment is rescheduled, with the updated calendar invite (EJS)',
  },
  EMAIL_WAITLIST_JOINED_SUBJECT: {
    value: EN('EMAIL_WAITLIST_JOINED_SUBJECT'),
    description: 'Subject of the email sent when someone joins a waiting list (EJS)',
  },
  EMAIL_WAITLIST_JOINED_TEMPLATE: {
    value: EN('EMAIL_WAITLIST_JOINED_TEMPLATE'),
    description: 'Body of the email sent when someone joins a waiting list, with the entry link (EJS)',
  },
  EMAIL_WAITLIST_OFFER_SUBJECT: {
    value: EN('EMAIL_WAITLIST_OFFER_SUBJECT'),
    description: 'Subject of the waiting-list offer email (EJS)',
  },
  EMAIL_WAITLIST_OFFER_TEMPLATE: {
    value: EN('EMAIL_WAITLIST_OFFER_TEMPLATE'),
    description:
      'Body of the waiting-list offer email: the held slot, until when, and the link to book it (EJS)',
  },
  EMAIL_WAITLIST_EXPIRED_SUBJECT: {
    value: EN('EMAIL_WAITLIST_EXPIRED_SUBJECT'),
    description: 'Subject of the email sent when a waiting-list offer lapses (EJS)',
  },
  EMAIL_WAITLIST_EXPIRED_TEMPLATE: {
    value: EN('EMAIL_WAITLIST_EXPIRED_TEMPLATE'),
    description: 'Body of the email sent when a waiting-list offer lapses and the entry ends (EJS)',
  },
  EMAIL_WAITLIST_LEFT_SUBJECT: {
    value: EN('EMAIL_WAITLIST_LEFT_SUBJECT'),
    description: 'Subject of the email confirming someone left (or was removed from) a waiting list (EJS)',
  },
  EMAIL_WAITLIST_LEFT_TEMPLATE: {
    value: EN('EMAIL_WAITLIST_LEFT_TEMPLATE'),
    description: 'Body of the email confirming someone left (or was removed from) a waiting list (EJS)',
  },
};
