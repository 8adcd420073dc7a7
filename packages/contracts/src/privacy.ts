import { type Static, Type } from '@sinclair/typebox';

/** The privacy notice the booking form links to (/privacy) and the customer consents to (issue 24). */
export const PrivacyNoticeSchema = Type.Object({
  text: Type.String({ description: 'Plain text; blank lines separate paragraphs' }),
  version: Type.Integer({
    minimum: 1,
    description:
      'Goes up by one each time staff change the text; a booking records the version it consented to',
  }),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When staff last changed it; null while the built-in default serves',
  }),
});
export const PrivacyNoticeInputSchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 20_000 }),
});
export const PrivacyNoticeResponseSchema = Type.Object({
  success: Type.Boolean(),
  data: PrivacyNoticeSchema,
});

/** What a booking records about the customer's consent to the privacy notice. */
export const BookingConsentSchema = Type.Object({
  given: Type.Boolean({ description: 'False for a booking sent without privacyConsent: true' }),
  noticeVersion: Type.Integer({ minimum: 1, description: 'The notice version in force when booked' }),
  at: Type.String({ format: 'date-time' }),
});

export type PrivacyNotice = Static<typeof PrivacyNoticeSchema>;
export type PrivacyNoticeInput = Static<typeof PrivacyNoticeInputSchema>;
export type BookingConsent = Static<typeof BookingConsentSchema>;

/** Retention of personal data (issue 24): orders this many days past their appointment are erased. */
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;
export const PrivacySettingsSchema = Type.Object({
  retentionDays: Type.Integer({
    minimum: RETENTION_DAYS_MIN,
    maximum: RETENTION_DAYS_MAX,
    description:
      "Days after an order's appointment date when the worker erases its personal data (default PERSONAL_DATA_RETENTION_DAYS, 730)",
  }),
});
export const PrivacySettingsResponseSchema = Type.Object({
  success: Type.Boolean(),
  data: PrivacySettingsSchema,
});
export type PrivacySettings = Static<typeof PrivacySettingsSchema>;

/** What erasing an order's personal data answers. */
export const ErasedOrderSchema = Type.Object({
  registrationId: Type.Integer(),
  referenceNumber: Type.String(),
  erasedAt: Type.String({ format: 'date-time', description: 'When the personal data was first erased' }),
});
export type ErasedOrder = Static<typeof ErasedOrderSchema>;
