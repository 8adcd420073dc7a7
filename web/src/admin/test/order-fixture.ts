import type { AdminOrder } from '@hs/contracts';
import { parseMoney, toMoneyString } from '@hs/domain';

/**
 * An admin order answer: card-paid S$98.10, nothing refunded; `over` changes any field. Unless given,
 * `refundable` is what was paid less what was refunded (all of it by card), as the server answers.
 */
export function adminOrder(over: Partial<AdminOrder> = {}): AdminOrder {
  const order = {
    refundable: '',
    id: 7,
    referenceNumber: 'HS2605-0101-1234',
    status: 'paid',
    eventId: 1,
    eventName: 'Community Screening',
    location: 'Toa Payoh Hub',
    packageName: 'Basic Health',
    packagePrice: '100.00',
    timeslotId: 3,
    timeslotDate: '2026-06-01',
    timeslotTime: '09:00',
    firstName: 'Alex',
    lastName: 'Tan',
    email: 'alex@example.com',
    mobileNumber: '91234567',
    gender: 'male',
    // masked, as the api sends it to staff (issue 24)
    identificationNumber: 'S****001X',
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    unitNumber: '#05-12',
    address: '1 Ang Mo Kio Ave',
    region: 'north',
    isAiaMember: false,
    packageId: 1,
    medicalConditions: null,
    aiaMemberId: null,
    discountCodeId: null,
    isPaidInApp: false,
    totalPaidInApp: '0.00',
    paidTransactionId: null,
    invoice: null,
    participants: [],
    discountCode: null,
    discountLabel: null,
    totalAmount: '98.10',
    discountAmount: '0.00',
    aiaDiscountAmount: '0.00',
    whiteCoatPaidAmount: '0.00',
    paidAmount: '98.10',
    balanceDue: '0.00',
    transactionId: 'txn-sale-1',
    paymentMethod: 'card',
    wcBookingCode: null,
    confirmationEmailSent: true,
    cancelledAt: null,
    attendance: null,
    checkedInCount: 0,
    noShowCount: 0,
    personalDataErasedAt: null,
    refundedAmount: '0.00',
    holdUntil: null,
    refunds: [],
    refundReview: false,
    createdAt: '2026-05-01T02:30:00.000Z',
    updatedAt: '2026-05-01T02:30:00.000Z',
    ...over,
  };
  if (over.refundable === undefined)
    order.refundable = toMoneyString(
      Math.max(0, (parseMoney(order.paidAmount) ?? 0) - (parseMoney(order.refundedAmount) ?? 0)),
    );
  return order;
}
