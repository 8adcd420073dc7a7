import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DiscountSchema, Envelope, ErrorResponseSchema, GeneratedCodeSchema, IdParams } from '@hs/contracts';
import {
  DISCOUNT_CODE_EVENT_TYPES,
  type DiscountCodeEvent,
  type DiscountFormOutput,
  discountCodeStream,
  discountFormSchema,
  discountStream,
  generateCodesSchema,
  generateDiscountIdentifiers,
  parseDiscountInstant,
  redemptionLimit,
} from '@hs/domain';
import { type LatestRow, latestOfTypesQuery, latestOfTypesRead } from '@hs/eventstore';
import { type Static, Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { HttpError, badRequest } from '../../errors';
import { parseFirst } from '../../validation';
import { inputJsonSchema } from '../../validation-schema';
import {
  type Db,
  type WhereId,
  catalogueRoutes,
  deleteRow,
  formBody,
  insertedId,
  rowsOf,
  updateKeepingActive,
} from './catalogue-routes';

const selectDiscounts = (db: Db, where: WhereId) => db`
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
  from discounts d ${where}
  order by d.created_at desc, d.id desc`;

const discountRows = rowsOf({
  select: selectDiscounts,
  idColumn: 'd.id',
  dates: ['startDate', 'endDate', 'createdAt', 'updatedAt'],
  notFound: 'Discount not found',
});

/**
 * Redemptions so far of each stream, as the booking reads them (booking/order.ts): the streams are
 * the truth, and each redemption and release carries the count after it, so the latest one says it.
 * One statement for every stream of the list.
 */
async function redemptionCounts(db: Db, streamIds: string[]): Promise<Map<string, number>> {
  if (streamIds.length === 0) return new Map();
  const latest = latestOfTypesQuery(db, db`r.stream_id`, [DISCOUNT_CODE_EVENT_TYPES]);
  const rows = await db<{ streamId: string; latest: LatestRow[] }[]>`
    select r.stream_id as "streamId", (select coalesce(json_agg(l), '[]'::json) from (${latest}) l) as latest
    from unnest(${streamIds}::text[]) as r(stream_id)`;
  return new Map(
    rows.map((r) => [
      r.streamId,
      latestOfTypesRead<DiscountCodeEvent['data']>(r.latest).events[0]?.data.countAfter ?? 0,
    ]),
  );
}

type DiscountRow = Static<typeof DiscountSchema>;
type CatalogueRow = Omit<DiscountRow, 'redemptionsUsed' | 'redemptionsLeft'>;

/**
 * Each discount with its redemptions: used, over every code of it; left, what its limits still allow
 * (a code's own limit, summed over its codes, and the whole discount's), or null with no limit. The
 * whole discount's count is its own stream's, the one its limit is checked against.
 */
async function withRedemptions(db: Db, discounts: CatalogueRow[]): Promise<DiscountRow[]> {
  if (discounts.length === 0) return [];
  const ids = discounts.map((d) => d.id);
  const codes = await db<{ id: number; discountId: number }[]>`
    select id, discount_id as "discountId" from discount_identifiers where discount_id = any(${ids}::bigint[])`;
  const counts = await redemptionCounts(db, [
    ...codes.map((c) => discountCodeStream(c.id).id),
    ...discounts.filter((d) => d.limitBinRedemption).map((d) => discountStream(d.id).id),
  ]);
  const codeCounts = new Map<number, number[]>();
  for (const c of codes) {
    const list = codeCounts.get(c.discountId) ?? [];
    list.push(counts.get(discountCodeStream(c.id).id) ?? 0);
    codeCounts.set(c.discountId, list);
  }
  return discounts.map((d) => {
    const used = codeCounts.get(d.id) ?? [];
    const codeLimit = redemptionLimit(d.limitRedemption, d.maxRedemptions);
    const binLimit = redemptionLimit(d.limitBinRedemption, d.maxBinRedemptions);
    const left = [
      codeLimit === null ? null : used.reduce((sum, n) => sum + Math.max(0, codeLimit - n), 0),
      binLimit === null ? null : Math.max(0, binLimit - (counts.get(discountStream(d.id).id) ?? 0)),
    ].filter((n): n is number => n !== null);
    return {
      ...d,
      redemptionsUsed: used.reduce((sum, n) => sum + n, 0),
      redemptionsLeft: left.length === 0 ? null : Math.min(...left),
    };
  });
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

  await app.register(
    catalogueRoutes({
      path: '/discounts',
      entity: 'discount',
      schema: DiscountSchema,
      rows: discountRows,
      present: withRedemptions,
      list: { summary: 'List discount codes' },
      get: { summary: 'Read one discount code' },
      create: {
        summary: 'Create a discount code',
        body: formBody(discountFormSchema),
        insert: (tx, input) => insertedId(tx`insert into discounts ${tx(columns(input))} returning id`),
      },
      update: updateKeepingActive({
        summary: 'Update a discount code',
        body: formBody(discountFormSchema),
        write: async (tx, id, input) => {
          await tx`update discounts set ${tx(columns(input))} where id = ${id}`;
        },
      }),
      delete: {
        summary: 'Delete a discount code',
        message: 'Discount deleted',
        remove: deleteRow('discounts'),
      },
    }),
  );

  app.post(
    '/discounts/:id/generate-identifiers',
    {
      schema: {
        summary: 'Generate 1-1000 unique promo codes for a promo discount',
        params: IdParams,
        body: inputJsonSchema(generateCodesSchema),
        response: { 201: Envelope(Type.Array(GeneratedCodeSchema)), ...Errors },
      },
      // The dialog's message ('Count must be between 1 and 1000') before the generic check.
      preValidation: parseFirst(generateCodesSchema),
    },
    async (request, reply) => {
      const { count } = request.body;
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
