import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DiscountInputSchema,
  DiscountSchema,
  Envelope,
  ErrorResponseSchema,
  GeneratedCodeSchema,
  IdParams,
  MessageResponseSchema,
  ROLES,
} from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import {
  type DiscountFormOutput,
  discountFormSchema,
  generateCodesSchema,
  generateDiscountIdentifiers,
  parseDiscountInstant,
} from '@hs/domain';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { HttpError, badRequest, notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { keepsActive } from './inputs';

type Db = Sql | TransactionSql;

const selectDiscounts = (db: Db, id?: number) => db`
  select d.id, d.name, d.line_item_label as "lineItemLabel", d.discount_type as "discountType", d.description,
         d.identifier_prefix as "identifierPrefix", d.identifier_length as "identifierLength",
         d.limit_redemption as "limitRedemption", d.max_redemptions as "maxRedemptions",
         d.limit_bin_redemption as "limitBinRedemption", d.max_bin_redemptions as "maxBinRedemptions",
         d.discount_value_type as "discountValueType", d.value::text as value, d.is_active as "isActive",
         d.start_date as "startDate", d.end_date as "endDate",
         d.applicable_for_aia as "applicableForAIA", d.applicable_for_retail as "applicableForRetail",
         d.applicable_for_health_screening as "applicableForHealthScreening",
         d.applicable_for_chronic as "applicableForChronic", d.applicable_for_pdt as "applicableForPDT",
         (select count(*) from discount_identifiers i where i.discount_id = d.id)::int as "codeCount",
         d.created_at as "createdAt", d.updated_at as "updatedAt"
  from discounts d ${id === undefined ? db`` : db`where d.id = ${id}`}
  order by d.created_at desc, d.id desc`;

// biome-ignore lint/suspicious/noExplicitAny: row shape is the schema's
const toDiscount = (row: any) => ({
  ...row,
  startDate: row.startDate?.toISOString() ?? null,
  endDate: row.endDate?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findDiscount(db: Db, id: number) {
  const [row] = await selectDiscounts(db, id);
  if (!row) throw notFound('Discount not found');
  return toDiscount(row);
}

/**
 * A bare day (`2026-11-24`) bounds the window by Singapore days, inclusive: start at that day's
 * midnight, end at its last millisecond. Stored as they came, both would be midnight UTC (08:00 in
 * Singapore), and a code would expire on the morning of its last day. Instants pass unchanged.
 */
const windowInstant = (value: string | null | undefined, edge: 'start' | 'end'): Date | null => {
  const t = parseDiscountInstant(value, edge);
  return t === null ? null : new Date(t);
};

function columns(d: DiscountFormOutput) {
  return {
    name: d.name,
    line_item_label: d.lineItemLabel,
    discount_type: d.discountType,
    description: d.description,
    identifier_prefix: d.identifierPrefix,
    identifier_length: d.identifierLength,
    limit_redemption: d.limitRedemption,
    max_redemptions: d.maxRedemptions,
    limit_bin_redemption: d.limitBinRedemption,
    max_bin_redemptions: d.maxBinRedemptions,
    discount_value_type: d.discountValueType,
    value: d.value,
    is_active: d.isActive,
    start_date: windowInstant(d.startDate, 'start'),
    end_date: windowInstant(d.endDate, 'end'),
    applicable_for_aia: d.applicableForAIA,
    applicable_for_retail: d.applicableForRetail,
    applicable_for_health_screening: d.applicableForHealthScreening,
    applicable_for_chronic: d.applicableForChronic,
    applicable_for_pdt: d.applicableForPDT,
  };
}

const Errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Discounts and their promo codes (identifiers). Redemptions are events; these rows are the catalogue. */
const discounts: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/discounts',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List discount codes',
        tags: ['admin'],
        response: { 200: Envelope(Type.Array(DiscountSchema)) },
      },
    },
    async () => ({ success: true as const, data: (await selectDiscounts(sql)).map(toDiscount) }),
  );

  app.get(
    '/discounts/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read one discount code',
        tags: ['admin'],
        params: IdParams,
        response: { 200: Envelope(DiscountSchema), ...Errors },
      },
    },
    async (request) => ({ success: true as const, data: await findDiscount(sql, request.params.id) }),
  );

  app.post(
    '/discounts',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Create a discount code',
        tags: ['admin'],
        body: Type.Partial(DiscountInputSchema),
        response: { 201: Envelope(DiscountSchema), ...Errors },
      },
      preValidation: checkFirst(discountFormSchema),
    },
    async (request, reply) => {
      const input = parseInput(discountFormSchema, request.body);
      const created = await sql.begin(async (tx) => {
        const [row] = await tx<{ id: number }[]>`insert into discounts ${tx(columns(input))} returning id`;
        const after = await findDiscount(tx, row!.id);
        await audit(tx, {
          actor: request.actor,
          action: 'create',
          entity: 'discount',
          entityId: row!.id,
          after,
        });
        return after;
      });
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.put(
    '/discounts/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a discount code',
        tags: ['admin'],
        params: IdParams,
        body: Type.Partial(DiscountInputSchema),
        response: { 200: Envelope(DiscountSchema), ...Errors },
      },
      preValidation: checkFirst(discountFormSchema),
    },
    async (request) => {
      const input = parseInput(discountFormSchema, request.body);
      const { id } = request.params;
      const updated = await sql.begin(async (tx) => {
        const before = await findDiscount(tx, id);
        // An edit without isActive leaves the switch as it is: it never re-activates a discount.
        const isActive = keepsActive(request.body) ? before.isActive : input.isActive;
        await tx`update discounts set ${tx({ ...columns(input), is_active: isActive })} where id = ${id}`;
        const after = await findDiscount(tx, id);
        await audit(tx, {
          actor: request.actor,
          action: 'update',
          entity: 'discount',
          entityId: id,
          before,
          after,
        });
        return after;
      });
      return { success: true as const, data: updated };
    },
  );

  app.delete(
    '/discounts/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete a discount code',
        tags: ['admin'],
        params: IdParams,
        response: { 200: MessageResponseSchema, ...Errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await sql.begin(async (tx) => {
        const before = await findDiscount(tx, id);
        await tx`delete from discounts where id = ${id}`;
        await audit(tx, { actor: request.actor, action: 'delete', entity: 'discount', entityId: id, before });
      });
      return { success: true, message: 'Discount deleted' };
    },
  );

  app.post(
    '/discounts/:id/generate-identifiers',
    {
      config: { roles: ROLES.admin },
      schema: {
        tags: ['admin'],
        summary: 'Generate 1-1000 unique promo codes for a promo discount',
        params: IdParams,
        body: Type.Object({ count: Type.Optional(Type.Union([Type.Integer(), Type.String()])) }),
        response: { 201: Envelope(Type.Array(GeneratedCodeSchema)), ...Errors },
      },
    },
    async (request, reply) => {
      const { count } = parseInput(generateCodesSchema, request.body);
      const { id } = request.params;
      const codes = await sql.begin(async (tx) => {
        const discount = await findDiscount(tx, id);
        if (discount.discountType !== 'promo')
          throw badRequest('Codes can only be generated for promo discounts');
        const prefix: string = discount.identifierPrefix ?? '';
        const existing = new Set(
          (
            await tx<{ identifier: string }[]>`
            select identifier from discount_identifiers where identifier like ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}`
          ).map((r) => r.identifier),
        );
        const generated = generateDiscountIdentifiers({
          prefix,
          length: discount.identifierLength ?? 6,
          count,
          existing,
        });
        if (!generated.ok) throw new HttpError(409, generated.message);
        const rows = generated.value.map((identifier) => ({
          discount_id: id,
          identifier,
          max_redemptions: discount.limitRedemption ? discount.maxRedemptions : null,
        }));
        // Each code with the fields of discount_identifiers (spec section 3), {id, identifier} first.
        const inserted = await tx<
          {
            id: number;
            identifier: string;
            discountId: number;
            isUsed: boolean;
            usedAt: Date | null;
            usedCount: number;
            maxRedemptions: number | null;
            createdAt: Date;
            updatedAt: Date;
          }[]
        >`
          insert into discount_identifiers ${tx(rows)}
          returning id, identifier, discount_id as "discountId", is_used as "isUsed", used_at as "usedAt",
                    used_count as "usedCount", max_redemptions as "maxRedemptions",
                    created_at as "createdAt", updated_at as "updatedAt"`;
        await audit(tx, {
          actor: request.actor,
          action: 'create',
          entity: 'discount_identifiers',
          entityId: id,
          after: { count: inserted.length, identifiers: inserted.map((r) => r.identifier) },
        });
        return inserted.map((r) => ({
          ...r,
          usedAt: r.usedAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        }));
      });
      return reply.status(201).send({ success: true as const, data: codes });
    },
  );
};

export default discounts;
