/** Answer shapes of the admin API (packages/contracts/src/admin.ts), as the web reads them. */

export interface EventConfig {
  configType: 'manual' | 'auto';
  numSlots: number;
  bufferHours: number;
  slotsPerTimeslot: number;
  maxAttendees: number;
}

export interface AdminEvent {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  location: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  packageIds: number[];
  config: EventConfig;
}

export interface AdminPackage {
  id: number;
  name: string;
  description: string | null;
  price: string;
  aiaPrice: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Holiday {
  id: number;
  name: string;
  date: string;
  createdAt: string;
  updatedAt: string;
}

export interface EmailConfig {
  id: number;
  configKey: string;
  configValue: string;
  description: string | null;
  lastUpdatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKey {
  id: number;
  /** The first 10 characters only. */
  key: string;
  description: string;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
  lastUsed: string | null;
}

export interface Discount {
  id: number;
  name: string;
  lineItemLabel: string | null;
  discountType: '-' | 'promo' | 'bin';
  description: string | null;
  identifierPrefix: string | null;
  identifierLength: number | null;
  limitRedemption: boolean;
  maxRedemptions: number | null;
  limitBinRedemption: boolean;
  maxBinRedemptions: number | null;
  discountValueType: 'percentage' | 'amount' | 'fixed';
  value: string;
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
  applicableForAIA: boolean;
  applicableForRetail: boolean;
  applicableForHealthScreening: boolean;
  applicableForChronic: boolean;
  applicableForPDT: boolean;
  codeCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface GeneratedCode {
  id: number;
  identifier: string;
}

export interface DashboardCounts {
  events: number;
  packages: number;
  orders: number;
  apiKeys: number;
  discounts: number;
  holidays: number;
  emailTemplates: number;
  paymentProvider: string;
}

export interface PaymentTestModeAnswer {
  success: boolean;
  testMode: boolean;
  message: string;
  provider: {
    name: string;
    environment: string;
    merchantId: string;
    merchantAccountName: string;
    configured: boolean;
  };
}

/** A participant besides the primary contact, as an order carries it. */
export interface OrderParticipant {
  firstName?: string;
  lastName?: string;
  gender?: string;
  identificationNumber?: string;
  dateOfBirth?: string;
  packageName?: string;
  isPrimary?: boolean;
  [key: string]: unknown;
}

/** GET /api/admin/registrations row (status in the admin spelling 'canceled'). */
export interface AdminOrder {
  id: number;
  referenceNumber: string;
  status: string;
  eventId: number;
  eventName: string | null;
  location: string | null;
  packageName: string | null;
  packagePrice: string | null;
  timeslotDate: string | null;
  timeslotTime: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  mobileNumber: string | null;
  gender: string | null;
  identificationNumber: string | null;
  dateOfBirth: string | null;
  postalCode: string | null;
  unitNumber: string | null;
  address: string | null;
  region: string | null;
  isAiaMember: boolean;
  participants: OrderParticipant[];
  discountCode: string | null;
  discountLabel: string | null;
  totalAmount: string;
  discountAmount: string;
  aiaDiscountAmount: string;
  whiteCoatPaidAmount: string;
  paidAmount: string;
  balanceDue: string;
  transactionId: string | null;
  paymentMethod: string | null;
  wcBookingCode: string | null;
  confirmationEmailSent: boolean;
  cancelledAt: string | null;
  createdAt: string;
}

export interface OrderPage {
  success: boolean;
  data: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/registrations/{id}/history entry. */
export interface OrderHistoryEntry {
  version: number;
  type: string;
  /** 'public' | 'admin:<username>' | 'partner:<id>' | 'worker:<job>' */
  actor: string;
  summary: string;
  at: string;
  data: unknown;
}

/** One slot of the admin timeslot search. */
export interface AdminTimeslot {
  id: number;
  label: string;
  date: string;
  time: string;
  region: string | null;
  isAvailable: boolean;
  currentAttendees: number;
  maxAttendees: number;
}

export type TimeslotGroups = Record<
  string,
  { date: { label: string; value: string }; timeslots: AdminTimeslot[] }
>;

export interface TimeslotSearchAnswer {
  success: boolean;
  region: string | null;
  regionName: string | null;
  data: TimeslotGroups;
}

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  at: string;
}

export interface AuditPage {
  success: boolean;
  data: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/system/subscriptions: a projection's or reactor's progress. */
export interface SubscriptionStatus {
  name: string;
  checkpoint: string;
  checkpointUpdatedAt: string;
  lagEvents: number;
  lagSeconds: number;
  holder: string | null;
  leaseExpiresAt: string | null;
  leaseActive: boolean;
}
