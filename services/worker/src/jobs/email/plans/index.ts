/** Each email queue's plan, and the plan of one job. */
import type { EmailQueueName } from '@hs/contracts';
import type { JobContext } from '../../context';
import type { EmailPayload, EmailPlan, PlanOf } from '../plan';
import { cancellationPlan } from './cancellation';
import { confirmationPlan } from './confirmation';
import { expiryPlan } from './expiry';
import { refundPlan } from './refund';
import { reminderPlan } from './reminder';
import { rescheduledPlan } from './rescheduled';
import { receiptPlan } from './receipt';

const PLANS: { [Q in EmailQueueName]: PlanOf<Q> } = {
  'confirmation-email': confirmationPlan,
  'receipt-email': receiptPlan,
  'cancellation-email': cancellationPlan,
  'reminder-email': reminderPlan,
  'rescheduled-email': rescheduledPlan,
  'expiry-email': expiryPlan,
  'refund-email': refundPlan,
};

/** The plan of a job of `queue` (its payload is that queue's). */
export function planFor(queue: EmailQueueName, data: EmailPayload, ctx: JobContext): EmailPlan {
  return (PLANS[queue] as PlanOf<EmailQueueName>)(data, ctx);
}
