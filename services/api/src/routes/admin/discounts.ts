import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DiscountInputSchema,
  DiscountSchema,
  Envelope,
  ErrorResponseSchema,
  GeneratedCodeSchema,
  IdParams,
} from '@hs/contracts';
import {
  type DiscountFormOutput,
  discountFormSchema,
  generateCodesSchema,
  generateDiscountIdentifiers,
  parseDiscountInstant,
} from '@hs/domain';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { HttpError, badRequest } from '../../errors';
import { parseInput } from '../../validation';
import { type Db, catalogueRoutes, formBody, isoDates, rowsOf } from './catalogue-routes';
import { keepsActive } from './inputs';

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

const discountRows = rowsOf(
  selectDiscounts,
  (row) => isoDates(row, 'startDate', 'endDate', 'createdAt', 'updatedAt'),
  'Discount not found',
);

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

  await app.register(
    catalogueRoutes({
      path: '/discounts',
      entity: 'discount',
      schema: DiscountSchema,
      rows: discountRows,
      list: { summary: 'List discount codes' },
      get: { summary: 'Read one discount code' },
      create: {
        summary: 'Create a discount code',
        body: formBody(DiscountInputSchema, discountFormSchema),
        insert: async (tx, input) => {
          const [row] = await tx<{ id: number }[]>`insert into discounts ${tx(columns(input))} returning id`;
          return row!;
        },
      },
      update: {
        summary: 'Update a discount code',
        body: formBody(DiscountInputSchema, discountFormSchema),
        apply: async (tx, id, input, { before, request }) => {
          // An edit without isActive leaves the switch as it is: it never re-activates a discount.
          const isActive = keepsActive(request.body) ? before.isActive : input.isActive;
          await tx`update discounts set ${tx({ ...columns(input), is_active: isActive })} where id = ${id}`;
        },
      },
      delete: {
        summary: 'Delete a discount code',
        message: 'Discount deleted',
        remove: async (tx, id) => {
          await tx`delete from discounts where id = ${id}`;
        },
      },
    }),
  );

  app.post(
    '/discounts/:id/generate-identifiers',
    {
      schema: {
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
        const discount = await discountRows.find(tx, id);
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
