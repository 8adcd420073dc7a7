/**
 * Corporate screening programmes (issue 51): a company, its programmes, their rosters, the
 * employee's way in (`/c/{code}`: a one-time code by email, then a programme pass the booking
 * carries) and what HR sees. The web derives its types from these.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Timestamp } from './admin';
import { DateSchema, LanguageSchema, MoneySchema, Nullable } from './common';

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  uen: Type.String({ description: 'Unique Entity Number (ACRA), e.g. 201912345K' }),
  billingAddress: Type.String(),
  billingEmail: Type.String({ description: 'Where its tax invoices are emailed' }),
  gstRegistrationNumber: Nullable(Type.String()),
  poReference: Nullable(Type.String({ description: 'Purchase-order reference printed on its invoices' })),
  isActive: Type.Boolean(),
  programmeCount: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const PAYMENT_RULES = [
  'company_pays_all',
  'company_pays_up_to',
  'employee_pays_corporate_price',
] as const;
export const PaymentRuleSchema = Type.Union(
  PAYMENT_RULES.map((r) => Type.Literal(r)),
  {
    description:
      'company_pays_all: the company pays the whole price; company_pays_up_to: the company pays up to `amount` per booking (GST included) and the employee the rest; employee_pays_corporate_price: the employee pays `amount` (before GST, like a package price) for any covered package',
  },
);

export const ProgrammeSchema = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  name: Type.String(),
  code: Type.String({ description: 'Lower-case letters, digits and hyphens; its link is /c/{code}' }),
  link: Type.String({ description: 'The path employees open: /c/{code}' }),
  startsOn: DateSchema,
  endsOn: DateSchema,
  eventIds: Type.Array(Type.Integer()),
  packageIds: Type.Array(Type.Integer()),
  bookingCap: Nullable(
    Type.Integer({ minimum: 1, description: 'Bookings the whole programme allows; null: none' }),
  ),
  entitlement: Type.Integer({ minimum: 1, description: 'Bookings per employee' }),
  emailDomains: Type.Array(Type.String(), {
    description: 'Work-email domains that are eligible (sub-domains too)',
  }),
  useRoster: Type.Boolean({ description: 'Employees on the roster are eligible' }),
  paymentRule: PaymentRuleSchema,
  amount: Nullable(MoneySchema),
  hrSeesNames: Type.Boolean({ description: 'HR may see the names of employees who agreed at booking' }),
  isActive: Type.Boolean(),
  closedAt: Nullable(Timestamp),
  rosterSize: Type.Integer(),
  bookingsHeld: Type.Integer({ description: 'Bookings that hold a place under the cap now' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const RosterEmployeeSchema = Type.Object({
  employeeId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  department: Nullable(Type.String()),
  site: Nullable(Type.String()),
});

export const RosterImportBodySchema = Type.Object({
  csv: Type.String({
    description:
      'The roster as CSV with a header row: employee_id, name, work_email, and optionally department, site (header names are matched ignoring case, spaces and underscores)',
  }),
});

export const RosterRowErrorSchema = Type.Object({
  row: Type.Integer({ description: 'The CSV line number, the header being line 1' }),
  field: Type.String(),
  message: Type.String(),
});

export const RosterPreviewSchema = Type.Object({
  valid: Type.Boolean({ description: 'No row has an error: the import may be confirmed' }),
  rows: Type.Integer(),
  added: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  removed: Type.Integer({ description: 'On the roster now, absent from the file: removed by the import' }),
  errors: Type.Array(RosterRowErrorSchema),
});

/** A programme as the employee sees it at /c/{code}. */
export const PublicProgrammeSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  companyName: Type.String(),
  startsOn: DateSchema,
  endsOn: DateSchema,
  open: Type.Boolean({ description: 'Inside its booking window, active, not closed and under its cap' }),
  entitlement: Type.Integer(),
  paymentRule: PaymentRuleSchema,
  hrSeesNames: Type.Boolean({ description: 'HR may see the names of employees who agree at booking' }),
  events: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() })),
  packages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      eventIds: Type.Array(Type.Integer()),
      price: MoneySchema,
      companyPays: MoneySchema,
      employeePays: MoneySchema,
    }),
    { description: 'Prices include GST' },
  ),
});

export const ProgrammeCodeRequestSchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  language: Type.Optional(LanguageSchema),
});

export const ProgrammeVerifyRequestSchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  code: Type.String({ maxLength: 12 }),
});

export const ProgrammePassSchema = Type.Object({
  pass: Type.String({ description: 'Carried by the booking as `programmePass`; valid 2 hours' }),
  expiresAt: Timestamp,
  email: Type.String(),
  bookingsLeft: Type.Integer(),
});

export const ProgrammeBookingSchema = Type.Object({
  registrationId: Type.Integer(),
  referenceNumber: Type.String(),
  employeeId: Type.String({ description: 'The roster employee id, or the work email of a domain match' }),
  name: Type.String(),
  status: Type.String(),
  appointmentDate: Nullable(DateSchema),
  checkedIn: Type.Boolean(),
  noShow: Type.Boolean(),
  companyPays: MoneySchema,
  employeePays: MoneySchema,
  bookedAt: Timestamp,
});

const ReportCounts = {
  rosterSize: Type.Integer(),
  booked: Type.Integer({ description: 'Employees with a live booking not yet attended' }),
  attended: Type.Integer({ description: 'Checked in' }),
  noShows: Type.Integer(),
  notYetBooked: Type.Integer(),
};

/** What HR sees: counts, and names only where the programme and the employee allow; never health. */
export const ProgrammeReportSchema = Type.Object({
  programme: Type.Object({
    name: Type.String(),
    companyName: Type.String(),
    startsOn: DateSchema,
    endsOn: DateSchema,
  }),
  generatedAt: Timestamp,
  totals: Type.Object(ReportCounts),
  groups: Type.Array(
    Type.Object({ department: Nullable(Type.String()), site: Nullable(Type.String()), ...ReportCounts }),
  ),
  names: Type.Union(
    [
      Type.Array(
        Type.Object({
          name: Type.String(),
          department: Nullable(Type.String()),
          site: Nullable(Type.String()),
          status: Type.Union([Type.Literal('booked'), Type.Literal('attended')]),
        }),
      ),
      Type.Null(),
    ],
    { description: 'null when the programme does not let HR see names' },
  ),
});

export const ReportLinkRequestSchema = Type.Object({
  email: Type.String({ maxLength: 254, description: 'The company contact the link is emailed to' }),
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 90, description: 'How long the link works; default 14' }),
  ),
});

export type Company = Static<typeof CompanySchema>;
export type Programme = Static<typeof ProgrammeSchema>;
export type PaymentRule = Static<typeof PaymentRuleSchema>;
export type RosterEmployee = Static<typeof RosterEmployeeSchema>;
export type RosterPreview = Static<typeof RosterPreviewSchema>;
export type PublicProgramme = Static<typeof PublicProgrammeSchema>;
export type ProgrammePass = Static<typeof ProgrammePassSchema>;
export type ProgrammeBooking = Static<typeof ProgrammeBookingSchema>;
export type ProgrammeReport = Static<typeof ProgrammeReportSchema>;
