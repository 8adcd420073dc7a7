/** Events of a `partner-booking-<code>` stream: a partner's booking code completes one booking. */

export interface PartnerBookingUsed {
  type: 'PartnerBookingUsed';
  data: { registrationId: string; at: string };
}

export type PartnerBookingEvent = PartnerBookingUsed;
