/**
 * Self-service on a booking (issue 46): what proves the visitor may change it besides the reference
 * (the signed link's token, or the booking's date of birth), the manage page's read and
 * the public reschedule's body and answers.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Envelope, ErrorResponseSchema } from './common';
import { RegistrationLookupSchema, RescheduleRequestSchema, RescheduleResultSchema } from './public';

export const ManageProofFields = {
  token: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "The `token` of the manage link in the booking's emails (signed, with its expiry)",
    }),
  ),
  email: Type.Optional(
    Type.String({ maxLength: 254, description: "The booking's email, any letter case (the second check)" }),
  ),
  dateOfBirth: Type.Optional(
    Type.String({ maxLength: 10, description: "The booking's date of birth, yyyy-MM-dd (the second check)" }),
  ),
};

/** POST /api/registrations/{referenceNumber}/manage: the booking for the manage page. */
export const ManageReadRequestSchema = Type.Object(ManageProofFields);
export type ManageReadRequest = Static<typeof ManageReadRequestSchema>;

/**
 * 403: neither a token nor a second check, or a forged or expired token. 404: no booking has this
 * reference, or the date of birth (or email) is not the booking's (one answer). 429: too many lookups
 * from this visitor or of this reference.
 */
const proofAnswers = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export const ManageReadResponses = {
  200: Envelope(RegistrationLookupSchema),
  ...proofAnswers,
};

/** The public reschedule: the slot, and the link's token or a second check. */
export const PublicRescheduleRequestSchema = Type.Object({
  ...RescheduleRequestSchema.properties,
  ...ManageProofFields,
});
export type PublicRescheduleRequest = Static<typeof PublicRescheduleRequestSchema>;

export const PublicRescheduleResponses = {
  200: Envelope(RescheduleResultSchema),
  ...proofAnswers,
  409: ErrorResponseSchema,
};
