/**
 * How money came in, as receipts name it and as the reports split it (issue 48): a PaymentRecorded's
 * method is free text from its path ('card', 'test card (Visa ending 1111)', 'paynow', 'cash', ...);
 * its group is one of a fixed few, so a split has the same columns whatever the methods' details.
 */
import { paymentGatewayOf } from './state';

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  cash: 'Cash',
  nets: 'NETS',
  card_terminal: 'Card (terminal at the clinic)',
  prepaid: 'Prepaid',
  paynow: 'PayNow',
  partner: 'Partner',
};

/** A PaymentRecorded's method as a receipt names it; an unknown one as it was recorded. */
export const paymentMethodLabel = (method: string): string => METHOD_LABELS[method] ?? method;

/** The split's groups, in the order reports show them; 'other' holds anything else (prepaid, unknown). */
export const PAYMENT_METHOD_GROUPS = [
  'card',
  'paynow',
  'cash',
  'nets',
  'card_terminal',
  'partner',
  'other',
] as const;
export type PaymentMethodGroup = (typeof PAYMENT_METHOD_GROUPS)[number];

/** The group a recorded method counts in: every card sale through our gateway is 'card'. */
export function paymentMethodGroup(method: string): PaymentMethodGroup {
  const gateway = paymentGatewayOf(method);
  if (gateway) return gateway;
  const group = PAYMENT_METHOD_GROUPS.find((g) => g === method);
  return group ?? 'other';
}

/** A group's name in a report ('other' also holds an invoice issued before anything was paid). */
export const paymentMethodGroupLabel = (group: PaymentMethodGroup): string =>
  group === 'other' ? 'Other or not yet paid' : paymentMethodLabel(group);
