/** Public API shapes (spec sections 3 and 7). Money travels as "123.45" strings. */

export interface PublicTimeslot {
  id: number;
  label: string;
  date: string;
  time: string;
  region?: string | null;
  isAvailable: boolean;
  currentAttendees: number;
  maxAttendees: number;
}

export interface EventSummary {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  location: string | null;
  timeslotMode?: string;
  availabilityLabel?: string;
  timeslots: PublicTimeslot[];
}

export interface EventPackage {
  id: number;
  name: string;
  description: string | null;
  price: string;
  aiaPrice: string | null;
}

export interface EventDetail extends EventSummary {
  isActive: boolean;
  dates: { date: string; label: string }[];
  packages: EventPackage[];
}

export interface DateGroup {
  date: { label: string; value: string };
  timeslots: PublicTimeslot[];
}

export interface PostalTimeslotsResponse {
  success: boolean;
  region: string;
  regionName?: string;
  postalCode: string;
  data: Record<string, DateGroup>;
}

export interface VerifyResponse {
  success?: boolean;
  status?: string;
  isAiaMember?: boolean;
  message?: string | null;
  benefitProfileData?: { succeeded?: boolean; data?: { isValid?: boolean }[] | null } | null;
  verificationToken?: string;
}

export interface QuoteLine {
  name: string;
  packageName: string;
  basePrice: string;
  appliedPrice: string;
  memberPrice: boolean;
  lineTotal: string;
}

export interface Quote {
  participants: QuoteLine[];
  participantCount: number;
  volumeDiscountPercent: number;
  baseTotal: string;
  memberDiscount: string;
  volumeDiscount: string;
  subtotal: string;
  discountAmount: string;
  discountLabel?: string | null;
  gst: string;
  total: string;
  partnerPaid: string;
  balanceDue: string;
}

export interface DiscountResult {
  success: true;
  code: string;
  discountAmount: string;
  type: 'percentage' | 'fixed';
  description?: string | null;
  discountIdentifierId: number;
}

export interface BookingResult {
  reference_number?: string;
  referenceNumber?: string;
  id: number;
  status: string;
  totalAmount?: string;
  balanceDue?: string;
  /** event-store position of the booking (pass to the lookup once) */
  position?: string | null;
}

export interface RegistrationLookup {
  id: number;
  referenceNumber: string;
  reference_number?: string;
  status: string;
  firstName: string;
  lastName: string;
  email: string;
  eventName: string;
  packageName: string;
  packagePrice?: string | null;
  timeslotDate: string;
  timeslotTime: string;
  location: string | null;
  total?: string | null;
  totalAmount?: string | null;
  total_amount?: string | null;
  whiteCoatPaidAmount?: string | null;
  total_paid_in_app?: string | null;
  is_paid_in_app?: boolean;
  is_from_whitecoat?: boolean;
  wc_booking_code?: string | null;
  transactionId?: string | null;
  balanceDue?: string | null;
  eventId?: number;
  packageId?: number;
  participants?: BookedParticipant[];
  confirmationEmailSent?: boolean;
}

/**
 * A participant of a booking as the lookup and the participant calls answer it (spec section 3's
 * Participant; never the identification number, date of birth or member id).
 */
export interface BookedParticipant {
  id: string;
  registrationId?: number;
  name: string;
  firstName: string;
  lastName: string;
  gender: string;
  email: string | null;
  mobileNumber: string | null;
  packageId: number;
  packageName: string;
  /** The applied price, "123.45" */
  packagePrice: string;
  originalPrice?: string;
  discountAmount?: string;
  isAiaMember: boolean;
  isPrimary: boolean;
}

/** An additional participant kept on the client (step 4), with a client-generated id. */
export interface DraftParticipant {
  clientId: string;
  firstName: string;
  lastName: string;
  gender: 'Male' | 'Female';
  identificationNumber: string;
  dateOfBirth: string;
  packageId: number;
  isAiaMember: boolean;
  aiaMemberId: string | null;
  email: string | null;
  mobileNumber: string | null;
  medicalConditions?: string | null;
}
