import { type Static, Type } from '@sinclair/typebox';
import { DateTimeSchema, Nullable } from './common';

/**
 * Staff roles (issue 23). Every /api/admin route declares the roles it allows in its route config
 * (`config: { roles: [...] }`); the auth plugin refuses every other role with 403.
 * - admin: everything
 * - front_desk: check-in, attendee sheet, order lookup; nothing else
 * - finance: orders, exports, refunds; no catalogue or settings
 */
export const STAFF_ROLES = ['admin', 'front_desk', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role groups routes declare (`config: { roles: ... }`), named by what they let a role do. */
export const ROLES = {
  /** Everything not named below: catalogue, settings, api keys, payments settings, staff. */
  admin: ['admin'],
  /** The signed-in session itself (who am I, logout, own password and second factor). */
  anyStaff: STAFF_ROLES,
  /** Looking orders up and reading the event list to choose from: every role. */
  orderLookup: STAFF_ROLES,
  /** Changing orders, exports, refunds. */
  orderDesk: ['admin', 'finance'],
  /** Corporate programmes (issue 51): companies, programmes, rosters, their bookings and reports. */
  corporate: ['admin', 'finance'],
  /** Check-in and the attendee sheet. */
  checkIn: ['admin', 'front_desk'],
} as const satisfies Record<string, readonly StaffRole[]>;

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export const StaffRoleSchema = Type.Union(
  STAFF_ROLES.map((r) => Type.Literal(r)),
  {
    description:
      'admin: everything; front_desk: check-in, attendee sheet, order lookup; finance: orders, exports, refunds',
  },
);

/** A staff account as the Staff tab lists it (never a password, secret or token). */
export const StaffUserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Nullable(Type.String()),
  role: StaffRoleSchema,
  active: Type.Boolean(),
  totpEnabled: Type.Boolean({ description: 'A TOTP second factor is enrolled' }),
  passwordSet: Type.Boolean({ description: 'False until the invite link was used' }),
  lastLogin: Nullable(DateTimeSchema),
  createdAt: DateTimeSchema,
});
export type StaffUser = Static<typeof StaffUserSchema>;

const Username = Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' });
const Email = Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });

// Closed objects: a field the call cannot change (a username on PUT, which history names staff by;
// a password, which only the invite link sets) is refused with 400 rather than silently dropped.
export const StaffUserCreateSchema = Type.Object(
  {
    username: Username,
    email: Email,
    role: StaffRoleSchema,
  },
  { additionalProperties: false },
);
export const StaffUserUpdateSchema = Type.Object(
  {
    email: Type.Optional(Email),
    role: Type.Optional(StaffRoleSchema),
    active: Type.Optional(
      Type.Boolean({ description: 'false: the user can no longer sign in; their tokens stop at once' }),
    ),
  },
  { additionalProperties: false },
);

/** The one-time link a new (or locked-out) user sets their password with; only its hash is stored. */
export const StaffInviteSchema = Type.Object({
  inviteUrl: Type.String({ description: 'Shown to the admin too, in case the email does not arrive' }),
  expiresAt: DateTimeSchema,
  emailed: Type.Boolean({ description: "The link was sent to the user's email address" }),
});
export const StaffUserCreatedSchema = Type.Object({ user: StaffUserSchema, invite: StaffInviteSchema });

export const StaffSettingsSchema = Type.Object({
  requireTotpForAdmins: Type.Boolean({
    description: 'Users of role admin must enrol a TOTP second factor before anything else',
  }),
});

/** GET /api/admin/account: the signed-in user with their second-factor state. */
export const StaffAccountSchema = Type.Object({
  ...StaffUserSchema.properties,
  totpRequired: Type.Boolean({ description: 'Their role must have a second factor (staff setting)' }),
  recoveryCodesLeft: Type.Integer(),
});

export const PasswordChangeSchema = Type.Object({
  currentPassword: Type.String({ maxLength: 1000 }),
  newPassword: Type.String({ maxLength: 1000 }),
});

export const TotpSetupSchema = Type.Object({
  secret: Type.String({ description: 'base32, for typing into an app that cannot scan' }),
  otpauthUrl: Type.String(),
  qrCode: Type.String({ description: 'data:image/png;base64 QR code of otpauthUrl' }),
});
export const TotpCodeSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) });
export const RecoveryCodesSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String(), { description: 'Shown once; each works once instead of a code' }),
});

/** GET /api/staff-invites/{token}: who the link is for. */
export const StaffInviteInfoSchema = Type.Object({ username: Type.String(), email: Nullable(Type.String()) });
export const SetPasswordSchema = Type.Object({ password: Type.String({ maxLength: 1000 }) });
export const PASSWORD_MIN_LENGTH = 12;

export type StaffInvite = Static<typeof StaffInviteSchema>;
export type StaffUserCreated = Static<typeof StaffUserCreatedSchema>;
export type StaffSettings = Static<typeof StaffSettingsSchema>;
export type StaffAccount = Static<typeof StaffAccountSchema>;
export type TotpSetup = Static<typeof TotpSetupSchema>;
