import type { Sql } from '@hs/db';
import { toMoneyString, toPublicStatus } from '@hs/domain';
import type { ParticipantSnapshot, RegistrationStatus } from '@hs/domain';

export interface OrderRow {
  registrationId: number;
  referenceNumber: string;
  status: RegistrationStatus;
  eventId: number;
  eventName: string;
  location: string | null;
  packageId: number;
  packageName: string;
  packagePriceCents: number;
  timeslotId: number;
  timeslotDate: string | null;
  timeslotTime: string | null;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  gender: string | null;
  identificationNumber: string | null;
  dateOfBirth: string | null;
  postalCode: string | null;
  unitNumber: string | null;
  address: string | null;
  region: string | null;
  isAiaMember: boolean;
  participants: ParticipantSnapshot[];
  discountCode: string | null;
  discountIdentifierId: number | null;
  discountLabel: string | null;
  totalCents: number;
  discountCents: number;
  memberDiscountCents: number;
  partnerPaidCents: number;
  balanceDueCents: number;
  paidCents: number;
  transactionId: string | null;
  paymentMethod: string | null;
  wcBookingCode: string | null;
  confirmationEmailSent: boolean;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const selectOrders = (sql: Sql) => sql`
  select registration_id as "registrationId", reference_number as "referenceNumber", status, event_id as "eventId",
         event_name as "eventName", location, package_id as "packageId", package_name as "packageName", package_price_cents as "packagePriceCents",
         timeslot_id as "timeslotId", to_char(timeslot_date, 'YYYY-MM-DD') as "timeslotDate", timeslot_time as "timeslotTime",
         first_name as "firstName", last_name as "lastName", email, mobile_number as "mobileNumber", gender,
         identification_number as "identificationNumber", date_of_birth as "dateOfBirth", postal_code as "postalCode",
         unit_number as "unitNumber", address, region, is_aia_member as "isAiaMember", participants,
         discount_code as "discountCode", discount_identifier_id as "discountIdentifierId", discount_label as "discountLabel", total_cents as "totalCents",
         discount_cents as "discountCents", member_discount_cents as "memberDiscountCents",
         partner_paid_cents as "partnerPaidCents", balance_due_cents as "balanceDueCents", paid_cents as "paidCents",
         transaction_id as "transactionId", payment_method as "paymentMethod", wc_booking_code as "wcBookingCode",
         confirmation_email_sent as "confirmationEmailSent", cancelled_at as "cancelledAt",
         created_at as "createdAt", updated_at as "updatedAt"
  from orders`;

export const outstanding = (o: OrderRow) => Math.max(0, o.balanceDueCents - o.paidCents);

/**
 * What the confirmation and cancel pages see. Never the identification number or the date of birth:
 * the reference number is the only secret guarding this call.
 */
export function publicView(o: OrderRow) {
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
    location: o.location,
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
    participants: o.participants.map((p) => ({
      name: `${p.firstName} ${p.lastName}`,
      packageName: p.packageName,
      isPrimary: p.isPrimary,
    })),
    confirmationEmailSent: o.confirmationEmailSent,
    cancelledAt: o.cancelledAt ? o.cancelledAt.toISOString() : null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
