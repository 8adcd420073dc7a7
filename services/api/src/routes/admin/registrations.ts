import { keyedHash } from '@hs/privacy';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminOrderSchema,
  type BookingConsent,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  OrderHistoryEntrySchema,
  OrderPageSchema,
  ROLES,
  FileResponse,
} from '@hs/contracts';
import {
  ADMIN_STATUS_FILTERS,
  adminStatusPatchSchema,
  maskIdentificationNumber,
  maskIdentificationsIn,
  registrationIdOf,
  registrationStream,
  singaporeDay,
  singaporeToday,
  NO_VENUES,
  appointmentVenue,
  locationText,
  toAdminStatus,
  toMoneyString,
  PAYMENT_METHOD_GROUPS,
  paymentMethodGroupLabel,
  paymentMethodLabel,
} from '@hs/domain';
import { csvCell } from '../../csv';
import { findStreamEvents, formatPosition, waitForPosition } from '@hs/eventstore';
import {
  type OrderRow,
  openOrders,
  ordersProjection,
  readEventVenues,
  readOrder,
  readOrderTimeline,
  selectOrders,
} from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { changeRegistration } from '../../booking/change';
import { outstanding } from '../../booking/lookup';
import { orderMoneyView } from '../../booking/money-view';
import { audit } from '../../audit';
import { actorRoles } from '../../auth/actor-roles';
import { adminParticipantView } from '../../booking/participant-view';
import { forbidden, notFound } from '../../errors';
import { parseFirst } from '../../validation';
import { inputJsonSchema } from '../../validation-schema';

/**
 * Everything staff see of an order (the admin is allowed personal details, the identification number
 * and member id masked: issue 24, clear only through the audited reveal); `invoice` is the file name
 * of its invoice PDF.
 */
function adminView(o: OrderRow, invoice: string | null) {
  const primary = o.participants.find((p) => p.isPrimary) ?? o.participants[0];
  return {
    id: o.registrationId,
    referenceNumber: o.referenceNumber,
    status: toAdminStatus(o.status),
    eventId: o.eventId,
    eventName: o.eventName,
    location: o.location,
    packageName: o.packageName,
    packagePrice: toMoneyString(o.packagePriceCents),
    timeslotId: o.timeslotId,
    timeslotDate: o.timeslotDate,
    timeslotTime: o.timeslotTime,
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    mobileNumber: o.mobileNumber,
    gender: o.gender,
    identificationNumber:
      o.identificationNumber === null ? null : maskIdentificationNumber(o.identificationNumber),
    dateOfBirth: o.dateOfBirth,
    postalCode: o.postalCode,
    unitNumber: o.unitNumber,
    address: o.address,
    region: o.region,
    isAiaMember: o.isAiaMember,
    // Spec section 3, Registration: the primary's member id, the applied code's id, the partner
    // payment as isPaidInApp/totalPaidInApp, the card transaction as paidTransactionId, the invoice PDF.
    packageId: o.packageId,
    medicalConditions: o.medicalConditions,
    aiaMemberId: primary?.aiaMemberId ? maskIdentificationNumber(primary.aiaMemberId) : null,
    discountCodeId: o.discountIdentifierId,
    isPaidInApp: o.partnerPaidCents > 0,
    totalPaidInApp: toMoneyString(o.partnerPaidCents),
    paidTransactionId: o.transactionId,
    invoice,
    participants: o.participants.map((p) => adminParticipantView(o.registrationId, p)),
    discountCode: o.discountCode,
    discountLabel: o.discountLabel,
    totalAmount: toMoneyString(o.totalCents),
    discountAmount: toMoneyString(o.discountCents),
    aiaDiscountAmount: toMoneyString(o.memberDiscountCents),
    whiteCoatPaidAmount: toMoneyString(o.partnerPaidCents),
    paidAmount: toMoneyString(o.paidCents),
    refundable: toMoneyString(Math.max(0, o.cardPaidCents - o.refundedCents)),
    balanceDue: toMoneyString(outstanding(o)),
    transactionId: o.transactionId,
    paymentMethod: o.paymentMethod,
    wcBookingCode: o.wcBookingCode,
    confirmationEmailSent: o.confirmationEmailSent,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    attendance:
      o.noShows.length > 0
        ? ('no_show' as const)
        : Object.keys(o.checkIns).length > 0
          ? ('checked_in' as const)
          : null,
    checkedInCount: Object.keys(o.checkIns).length,
    noShowCount: o.noShows.length,
    personalDataErasedAt: o.personalDataErasedAt?.toISOString() ?? null,
    ...orderMoneyView(o),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

const STATUS_FILTERS = {
  ...ADMIN_STATUS_FILTERS,
  // The public spelling, read as the admin's (as PATCH does).
  cancelled: ADMIN_STATUS_FILTERS.canceled,
} as const;

/**
 * The export's columns; the identification number masked unless an admin asked for the unmasked
 * export (issue 24: a separate, audited choice).
 */
const csvColumns = (unmasked: boolean): [string, (o: OrderRow) => unknown][] => [
  ['Reference', (o) => o.referenceNumber],
  ['Status', (o) => toAdminStatus(o.status)],
  ['First Name', (o) => o.firstName],
  ['Last Name', (o) => o.lastName],
  ['Email', (o) => o.email],
  ['Mobile Number', (o) => o.mobileNumber],
  [
    'Identification Number',
    (o) => (unmasked ? o.identificationNumber : maskIdentificationNumber(o.identificationNumber)),
  ],
  ['Event', (o) => o.eventName],
  ['Package', (o) => o.packageName],
  ['Appointment Date', (o) => o.timeslotDate],
  ['Appointment Time', (o) => o.timeslotTime],
  ['Location', (o) => o.location],
  ['Participants', (o) => o.participants.length],
  ['Discount Code', (o) => o.discountCode],
  ['Total Amount', (o) => toMoneyString(o.totalCents)],
  ['Paid via Partner', (o) => toMoneyString(o.partnerPaidCents)],
  ['Balance Due', (o) => toMoneyString(outstanding(o))],
  ['Transaction ID', (o) => o.transactionId],
  ['Created', (o) => o.createdAt.toISOString()],
  ['Refunded Amount', (o) => toMoneyString(o.refundedCents)],
  ['Refund Date', (o) => (o.lastRefundAt ? singaporeDay(o.lastRefundAt) : null)],
  // issue 48: how it was paid, the latest payment's method and the amounts by method (appended, so
  // the columns before keep their places)
  ['Payment Method', (o) => (o.paymentMethod ? paymentMethodLabel(o.paymentMethod) : null)],
  ...PAYMENT_METHOD_GROUPS.map((g): [string, (o: OrderRow) => unknown] => [
    `Paid: ${paymentMethodGroupLabel(g)}`,
    (o) => toMoneyString(o.paidByMethod[g] ?? 0),
  ]),
];

const ATTENDANCE_FILTERS = ['checked_in', 'no_show', 'not_checked_in'] as const;

/**
 * The list's orders (issue 45): `created` newest booking first (the default), `appointment` the
 * earliest appointment first, `-appointment` the latest first. Each is read in the order of an index
 * (orders_created; orders_timeslot_date, migration 027, with an incremental sort on the time and the
 * id), and the registration id breaks ties, so pages neither repeat nor skip an order. Descending is
 * the exact reverse of ascending: orders without an appointment date come last going up, first going
 * down (the index's order scanned backwards).
 */
const ORDER_SORTS = ['created', 'appointment', '-appointment'] as const;
type OrderSort = (typeof ORDER_SORTS)[number];

const ListQuery = Type.Object({
  // One enum (not a union of literals) so a bad value gets one readable error, not one per literal.
  status: Type.Optional(
    Type.Unsafe<'all' | keyof typeof STATUS_FILTERS>(
      Type.String({ enum: ['all', ...Object.keys(STATUS_FILTERS)], description: 'Orders tab status filter' }),
    ),
  ),
  eventId: Type.Optional(Type.Integer({ minimum: 1 })),
  attendance: Type.Optional(
    Type.Unsafe<(typeof ATTENDANCE_FILTERS)[number]>(
      Type.String({
        enum: [...ATTENDANCE_FILTERS],
        description:
          'Issue 23: checked_in (someone checked in), no_show (someone marked no-show), not_checked_in',
      }),
    ),
  ),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(
    Type.Unsafe<OrderSort>(
      Type.String({
        enum: [...ORDER_SORTS],
        default: 'created',
        description:
          'Issue 45: created (newest booking first, the default), appointment (earliest appointment date and time first) or -appointment (latest first); ties by registration id',
      }),
    ),
  ),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
});

/**
 * An empty filter (`?status=&eventId=`, what a form left on "all" may send) means no filter, as an
 * absent one does: dropped before the querystring schema sees it.
 */
async function emptyFiltersAreAbsent(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  for (const key of ['status', 'eventId', 'attendance', 'search', 'sort']) {
    if (typeof query[key] === 'string' && (query[key] as string).trim() === '') delete query[key];
  }
}

/** Orders for staff: list, status changes (as events), CSV export and each order's full history. */
const registrations: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  /**
   * Per order, from its RegistrationBooked and PdfGenerated events: the file name of its latest invoice
   * PDF and its consent to the privacy notice (issue 24). Neither is personal, so nothing is decrypted.
   */
  async function timelineFactsOf(ids: number[]) {
    const events = await findStreamEvents<{ document?: string; fileName?: string; consent?: BookingConsent }>(
      sql,
      ids.map((id) => registrationStream(id).id),
      ['RegistrationBooked', 'PdfGenerated'],
      { decode: false, dataFields: ['document', 'fileName', 'consent'] },
    );
    const invoices = new Map<number, string>();
    const consents = new Map<number, BookingConsent>();
    for (const e of events) {
      const id = registrationIdOf(e.streamId);
      // in version order, so the last invoice PDF seen is the latest
      if (e.type === 'PdfGenerated' && e.data.document === 'invoice' && e.data.fileName)
        invoices.set(id, e.data.fileName);
      if (e.type === 'RegistrationBooked' && e.data.consent) consents.set(id, e.data.consent);
    }
    return { invoices, consents };
  }
  /** Issue 46: an event without location text shows its appointment's venue, as the public lookup does. */
  async function located(rows: OrderRow[]): Promise<OrderRow[]> {
    const venues = await readEventVenues(sql, [...new Set(rows.map((r) => r.eventId))]);
    return rows.map((r) => ({
      ...r,
      location: locationText(r.location, appointmentVenue(venues.get(r.eventId) ?? NO_VENUES, r.region)),
    }));
  }
  async function adminViews(rows: OrderRow[]) {
    const ids = rows.map((r) => r.registrationId);
    const { invoices, consents } = await timelineFactsOf(ids);
    return (await located(rows)).map((r) => ({
      ...adminView(r, invoices.get(r.registrationId) ?? null),
      consent: consents.get(r.registrationId) ?? null,
    }));
  }

  const where = (q: {
    status?: keyof typeof STATUS_FILTERS | 'all';
    eventId?: number;
    attendance?: (typeof ATTENDANCE_FILTERS)[number];
    search?: string;
  }) => sql`
    where true
    ${q.status && q.status !== 'all' ? sql`and status = any(${STATUS_FILTERS[q.status] as unknown as string[]})` : sql``}
    ${q.eventId ? sql`and event_id = ${q.eventId}` : sql``}
    ${q.attendance === 'checked_in' ? sql`and check_ins <> '{}'::jsonb` : sql``}
    ${q.attendance === 'no_show' ? sql`and no_shows <> '[]'::jsonb` : sql``}
    ${q.attendance === 'not_checked_in' ? sql`and check_ins = '{}'::jsonb` : sql``}
    ${q.search ? sql`and (reference_number ilike ${`%${q.search}%`} or (first_name || ' ' || last_name) ilike ${`%${q.search}%`} or email ilike ${`%${q.search}%`} or ${searchByIdentification(q.search)})` : sql``}`;
  const orderBy = (sort: OrderSort | undefined) =>
    sort === 'appointment'
      ? sql`order by timeslot_date asc nulls last, timeslot_time asc nulls last, registration_id asc`
      : sort === '-appointment'
        ? sql`order by timeslot_date desc nulls first, timeslot_time desc nulls first, registration_id desc`
        : sql`order by created_at desc, registration_id desc`;
  /**
   * A whole identification number finds the orders of anyone on them through the keyed hash (issue 24):
   * the clear number is in no table, so it is never compared in SQL.
   */
  const searchByIdentification = (search: string) => {
    const hash = keyedHash(search);
    return sql`identification_number_hash = ${hash} or participants @> ${sql.json([{ identificationHash: hash }] as never)}`;
  };

  app.get(
    '/registrations',
    {
      config: { roles: ROLES.orderLookup },
      schema: {
        summary: 'Orders, newest first or by appointment, filtered by status and event',
        querystring: ListQuery,
        response: { 200: OrderPageSchema },
      },
      preValidation: emptyFiltersAreAbsent,
    },
    async (request) => {
      const q = request.query;
      const rows = await sql<OrderRow[]>`
        ${selectOrders(sql)} ${where(q)}
        ${orderBy(q.sort)}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
      const [count] = await sql<{ n: number }[]>`select count(*)::int as n from orders ${where(q)}`;
      return {
        success: true as const,
        data: await adminViews(await openOrders(sql, rows)),
        total: count?.n ?? 0,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    '/registrations/export',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary:
          'All orders matching the filters as CSV (orders-export-<date>.csv), identification numbers masked; unmasked=true: admin only, audited',
        querystring: Type.Object({
          status: ListQuery.properties.status,
          eventId: ListQuery.properties.eventId,
          unmasked: Type.Optional(
            Type.Boolean({
              description:
                'Issue 24: clear identification numbers (admin only, 403 for other roles; recorded in the audit log)',
            }),
          ),
        }),
        response: { 200: FileResponse('text/csv', 'One row per order, streamed'), 400: ErrorResponseSchema },
      },
      preValidation: emptyFiltersAreAbsent,
    },
    async (request, reply) => {
      const unmasked = request.query.unmasked === true;
      if (unmasked) {
        if (request.staff.role !== 'admin')
          throw forbidden('Only an admin can export unmasked identification numbers');
        // Recorded before a single row leaves: who exported clear numbers, with which filters.
        await audit(sql, {
          actor: request.actor,
          action: 'create',
          entity: 'personal_data_access',
          entityId: null,
          after: {
            purpose: 'unmasked-export',
            status: request.query.status ?? 'all',
            eventId: request.query.eventId ?? null,
          },
        });
      }
      const CSV_COLUMNS = csvColumns(unmasked);
      // The staff's day (Singapore), not UTC's: an export at 7 am SGT carries today's date.
      const date = singaporeToday();
      const header = `${CSV_COLUMNS.map(([name]) => csvCell(name)).join(',')}\r\n`;
      const batches = sql<
        OrderRow[]
      >`${selectOrders(sql)} ${where(request.query)} order by created_at desc, registration_id desc`
        .cursor(500)
        [Symbol.asyncIterator]();
      // The first batch is read before anything is sent, so a query that fails still gets a proper
      // error answer instead of a CSV cut off after its headers.
      const first = await batches.next();
      const toCsv = (batch: OrderRow[]) =>
        batch.map((o) => `${CSV_COLUMNS.map(([, get]) => csvCell(get(o))).join(',')}\r\n`).join('');
      // Streams the rows in batches instead of holding every order in memory.
      async function* lines() {
        try {
          yield header;
          if (first.done) return;
          yield toCsv(await located(await openOrders(sql, first.value)));
          for (let next = await batches.next(); !next.done; next = await batches.next())
            yield toCsv(await located(await openOrders(sql, next.value)));
        } finally {
          // A download abandoned half-way releases the cursor's connection.
          await batches.return?.();
        }
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-export-${date}.csv"`);
      const { Readable } = await import('node:stream');
      return reply.send(Readable.from(lines()) as never);
    },
  );

  app.get(
    '/registrations/:id',
    {
      config: { roles: ROLES.orderLookup },
      schema: {
        summary: 'Read one order with its participants, payments and refunds',
        params: IdParams,
        response: {
          200: Envelope(AdminOrderSchema),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await readOrder(sql, { id: request.params.id });
      if (!row) throw notFound('Registration not found');
      const [view] = await adminViews([row]);
      return { success: true as const, data: view! };
    },
  );

  app.patch(
    '/registrations/:id',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary: "Set an order's status (confirmed or canceled); cancelling frees its seats",
        params: IdParams,
        body: inputJsonSchema(adminStatusPatchSchema),
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Unknown() }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
      // 'Status must be confirmed or canceled' for any status not allowed, before the generic check.
      preValidation: parseFirst(adminStatusPatchSchema),
    },
    async (request) => {
      const { status } = request.body;
      const { position } = await changeRegistration(
        sql,
        request.params.id,
        { type: 'ChangeStatusByAdmin', status, at: new Date().toISOString() },
        { actor: request.actor, requestId: request.id },
      );
      if (position) await waitForPosition(sql, ordersProjection.name, position, 2_000);
      const row = await readOrder(sql, { id: request.params.id });
      return {
        success: true as const,
        data: {
          ...(row ? (await adminViews([row]))[0] : {}),
          position: position ? formatPosition(position) : null,
        },
      };
    },
  );

  app.get(
    '/registrations/:id/history',
    {
      config: { roles: ROLES.orderLookup },
      schema: {
        summary: 'Every event of an order: what happened, when, and by whom',
        params: IdParams,
        response: { 200: Envelope(Type.Array(OrderHistoryEntrySchema)) },
      },
    },
    async (request) => {
      const rows = await readOrderTimeline(sql, request.params.id);
      const roles = await actorRoles(
        sql,
        rows.map((r) => r.actor),
      );
      // Event payloads carry identification numbers: masked here as everywhere staff see them.
      return {
        success: true as const,
        data: rows.map((r) => ({
          ...r,
          actorRole: roles.get(r.actor) ?? null,
          data: maskIdentificationsIn(r.data),
          at: r.at.toISOString(),
        })),
      };
    },
  );
};

export default registrations;
