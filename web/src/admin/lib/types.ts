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
