import { type Venue, locationText, outstandingOf, toMoneyString, toPublicStatus } from '@hs/domain';
import type { OrderRow } from '@hs/read-models';
import type { cancellationRefundView } from './cancellation';
import { orderMoneyView } from './money-view';
import { participantView } from './participant-view';

/** What is left to pay, refunds owed again included (issue 45; outstandingOf in @hs/domain). */
export const outstanding = (o: OrderRow) => outstandingOf(o);

/**
 * What the confirmation and cancel pages see. Never the identification number or the date of birth:
 * the reference number is the only secret guarding this call. `cancellationRefund`: what cancelling
 * now would refund, so the cancel page can say it before the customer confirms. `venue` (issue 46):
 * where the appointment happens (readOrder's by default), which `location` names when the event has no text.
 */
export function publicView(
  o: OrderRow,
  cancellationRefund: ReturnType<typeof cancellationRefundView>,
  venue: Venue | null = o.venue ?? null,
) {
  const total = toMoneyString(o.totalCents);
  const partnerPaid = toMoneyString(o.partnerPaidCents);
  return {
    id: o.registrationId,
    referenceNumber: o.referenceNumber,
    reference_number: o.referenceNumber,
    status: toPublicStatus(o.status),
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    eventId: o.eventId,
    timeslotId: o.timeslotId,
    packageId: o.packageId,
    region: o.region,
    isAiaMember: o.isAiaMember,
    discountCodeId: o.discountIdentifierId,
    paymentMethod: o.paymentMethod,
    eventName: o.eventName,
    packageName: o.packageName,
    packagePrice: toMoneyString(o.packagePriceCents),
    timeslotDate: o.timeslotDate,
    timeslotTime: o.timeslotTime,
    location: locationText(o.location, venue),
    venue,
    total,
    totalAmount: total,
    total_amount: total,
    discountAmount: toMoneyString(o.discountCents),
    aiaDiscountAmount: toMoneyString(o.memberDiscountCents),
    // the entity's names (spec section 3) beside the lookup variants the pages read
    wcBookingCode: o.wcBookingCode,
    isPaidInApp: o.partnerPaidCents > 0,
    totalPaidInApp: partnerPaid,
    paidTransactionId: o.transactionId,
    whiteCoatPaidAmount: partnerPaid,
    total_paid_in_app: partnerPaid,
    is_paid_in_app: o.partnerPaidCents > 0,
    is_from_whitecoat: o.wcBookingCode !== null,
    wc_booking_code: o.wcBookingCode,
    transactionId: o.transactionId,
    balanceDue: toMoneyString(outstanding(o)),
    // the participant calls' own view (with its id, to edit or remove by reference), plus a display name
    participants: o.participants.map((p) => ({
      ...participantView(o.registrationId, p),
      name: `${p.firstName} ${p.lastName}`,
    })),
    confirmationEmailSent: o.confirmationEmailSent,
    cancelledAt: o.cancelledAt ? o.cancelledAt.toISOString() : null,
    cancellationRefund,
    ...orderMoneyView(o),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
