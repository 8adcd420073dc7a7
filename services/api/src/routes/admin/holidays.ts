import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  HolidayInputSchema,
  HolidaySchema,
  IdParams,
  MessageResponseSchema,
  ROLES,
} from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { conflict, notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { holidaySchema as HolidayInput } from '@hs/domain';

type Db = Sql | TransactionSql;

const selectHolidays = (db: Db, id?: number) => db`
  select id, name, to_char(date, 'YYYY-MM-DD') as date, created_at as "createdAt", updated_at as "updatedAt"
  from public_holidays ${id === undefined ? db`` : db`where id = ${id}`}
  order by date asc`;

// biome-ignore lint/suspicious/noExplicitAny: row shape is the schema's
const toHoliday = (row: any) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findHoliday(db: Db, id: number) {
  const [row] = await selectHolidays(db, id);
  if (!row) throw notFound('Public holiday not found');
  return toHoliday(row);
}

const duplicateDate = (err: unknown) => (err as { code?: string }).code === '23505';
const Errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Public holidays: auto-generated timeslots skip these dates. */
const holidays: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/public-holidays',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List public holidays',
        tags: ['admin'],
        response: { 200: Envelope(Type.Array(HolidaySchema)) },
      },
    },
    async () => ({ success: true as const, data: (await selectHolidays(sql)).map(toHoliday) }),
  );

  app.post(
    '/public-holidays',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Add a public holiday',
        tags: ['admin'],
        body: Type.Partial(HolidayInputSchema),
        response: { 201: Envelope(HolidaySchema), ...Errors },
      },
      preValidation: checkFirst(HolidayInput),
    },
    async (request, reply) => {
      const input = parseInput(HolidayInput, request.body);
      try {
        const created = await sql.begin(async (tx) => {
          const [row] = await tx<{ id: number }[]>`
            insert into public_holidays (name, date) values (${input.name}, ${input.date}) returning id`;
          const after = await findHoliday(tx, row!.id);
          await audit(tx, {
            actor: request.actor,
            action: 'create',
            entity: 'public_holiday',
            entityId: row!.id,
            after,
          });
          return after;
        });
        return reply.status(201).send({ success: true as const, data: created });
      } catch (err) {
        if (duplicateDate(err)) throw conflict('A public holiday already exists on this date');
        throw err;
      }
    },
  );

  app.put(
    '/public-holidays/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a public holiday',
        tags: ['admin'],
        params: IdParams,
        body: Type.Partial(HolidayInputSchema),
        response: { 200: Envelope(HolidaySchema), ...Errors },
      },
      preValidation: checkFirst(HolidayInput),
    },
    async (request) => {
      const input = parseInput(HolidayInput, request.body);
      const { id } = request.params;
      try {
        const updated = await sql.begin(async (tx) => {
          const before = await findHoliday(tx, id);
          await tx`update public_holidays set name = ${input.name}, date = ${input.date} where id = ${id}`;
          const after = await findHoliday(tx, id);
          await audit(tx, {
            actor: request.actor,
            action: 'update',
            entity: 'public_holiday',
            entityId: id,
            before,
            after,
          });
          return after;
        });
        return { success: true as const, data: updated };
      } catch (err) {
        if (duplicateDate(err)) throw conflict('A public holiday already exists on this date');
        throw err;
      }
    },
  );

  app.delete(
    '/public-holidays/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete a public holiday',
        tags: ['admin'],
        params: IdParams,
        response: { 200: MessageResponseSchema, ...Errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await sql.begin(async (tx) => {
        const before = await findHoliday(tx, id);
        await tx`delete from public_holidays where id = ${id}`;
        await audit(tx, {
          actor: request.actor,
          action: 'delete',
          entity: 'public_holiday',
          entityId: id,
          before,
        });
      });
      return { success: true, message: 'Public holiday deleted' };
    },
  );
};

export default holidays;
