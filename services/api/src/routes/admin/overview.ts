import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AuditEntrySchema,
  AuditPageSchema,
  DashboardCountsSchema,
  Envelope,
  OperationsSchema,
  ROLES,
} from '@hs/contracts';
import { toMoneyString } from '@hs/domain';
import { getSubscriptionStatus } from '@hs/eventstore';
import { countActiveWaitlist, readOperations } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { actorRoles } from '../../auth/actor-roles';

const AuditQuery = Type.Object({
  entity: Type.Optional(Type.String({ maxLength: 50 })),
  entityId: Type.Optional(Type.String({ maxLength: 50 })),
  actor: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

/** Dashboard counts and the audit log of admin changes. */
const overview: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/dashboard',
    {
      schema: {
        summary: 'The counts of the dashboard cards (waitlist: active waiting-list entries)',
        response: { 200: Envelope(DashboardCountsSchema) },
      },
    },
    async () => {
      const [table] = await sql<{ exists: boolean }[]>`select to_regclass('orders') is not null as exists`;
      const [counts] = await sql<
        Omit<typeof DashboardCountsSchema.static, 'paymentProvider' | 'orders' | 'waitlist' | 'noShows'>[]
      >`
        select (select count(*) from screening_events)::int as events,
               (select count(*) from packages)::int as packages,
               (select count(*) from api_keys)::int as "apiKeys",
               (select count(*) from discounts)::int as discounts,
               (select count(*) from public_holidays)::int as holidays,
               (select count(*) from email_configs)::int as "emailTemplates"`;
      const orders = table?.exists
        ? ((await sql<{ n: number }[]>`select count(*)::int as n from orders`)[0]?.n ?? 0)
        : 0;
      const waitlist = await countActiveWaitlist(sql);
      // Issue 23: the people who did not come, over the last week of appointment days.
      const noShows = table?.exists
        ? ((
            await sql<{ n: number }[]>`
              select coalesce(sum(jsonb_array_length(no_shows)), 0)::int as n from orders
              where no_show_at > now() - interval '7 days'`
          )[0]?.n ?? 0)
        : 0;
      return {
        success: true as const,
        data: { ...counts!, orders, waitlist, noShows, paymentProvider: 'Braintree' },
      };
    },
  );

  app.get(
    '/dashboard/operations',
    {
      config: { roles: ROLES.orderLookup },
      schema: {
        summary:
          "The Today tab: today's and tomorrow's appointments by slot with check-in progress, orders awaiting payment, revenue (admin and finance), waiting-list offers and parked events",
        response: { 200: Envelope(OperationsSchema) },
      },
    },
    async (request) => {
      const ops = await readOperations(sql);
      const parkedEvents = (await getSubscriptionStatus(sql)).reduce((n, s) => n + s.parkedEvents, 0);
      return {
        success: true as const,
        data: {
          today: ops.today,
          tomorrow: ops.tomorrow,
          slots: ops.slots,
          awaitingPayment: {
            count: ops.awaitingPayment.count,
            orders: ops.awaitingPayment.orders.map((o) => ({
              id: o.registrationId,
              referenceNumber: o.referenceNumber,
              eventName: o.eventName,
              balance: toMoneyString(o.balanceCents),
              holdUntil: o.holdUntil?.toISOString() ?? null,
            })),
          },
          // Money is for the roles that handle it.
          revenue:
            request.staff.role === 'front_desk'
              ? null
              : {
                  today: toMoneyString(ops.revenue.todayCents),
                  last7Days: toMoneyString(ops.revenue.last7DaysCents),
                },
          waitlistOffers: ops.waitlistOffers,
          parkedEvents,
        },
      };
    },
  );

  app.get(
    '/audit-log',
    {
      schema: {
        summary: 'Admin changes, newest first, with before and after',
        querystring: AuditQuery,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => {
      const { entity, entityId, actor, page, pageSize } = request.query;
      const where = sql`
        where true
        ${entity ? sql`and entity = ${entity}` : sql``}
        ${entityId ? sql`and entity_id = ${entityId}` : sql``}
        ${actor ? sql`and actor = ${actor}` : sql``}`;
      const rows = await sql<(typeof AuditEntrySchema.static & { at: Date })[]>`
        select id, actor, action, entity, entity_id as "entityId", before, after, at
        from audit_log ${where}
        order by at desc, id desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`;
      const [count] = await sql<{ n: number }[]>`select count(*)::int as n from audit_log ${where}`;
      const roles = await actorRoles(
        sql,
        rows.map((r) => r.actor),
      );
      return {
        success: true as const,
        data: rows.map((r) => ({ ...r, actorRole: roles.get(r.actor) ?? null, at: r.at.toISOString() })),
        total: count?.n ?? 0,
        page,
        pageSize,
      };
    },
  );
};

export default overview;
