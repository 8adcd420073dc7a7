import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  IdParams,
  MessageResponseSchema,
  type StaffRole,
} from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { audit } from '../../audit';
import { conflict, notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { inputJsonSchema } from '../../validation-schema';
import { keepsActive } from './inputs';

/**
 * The admin catalogue (events, packages, discounts, public holidays, email settings, API keys, staff
 * accounts) in one shape: list, read one, create, update, delete, each change audited in the
 * transaction that makes it. An entity file gives what differs (its queries, schemas, summaries and
 * the spec's messages) to `catalogueRoutes` and keeps any further route of its own beside the call.
 *
 * Roles and tags need no mention: the guarded context of ./index.ts makes every route admin-only and
 * tags it 'admin' unless the route says otherwise (`roles` below).
 */

export type Db = Sql | TransactionSql;

/** How the catalogue reads an entity: every row for the list, one row (or the entity's 404) by id. */
export interface CatalogueRows<Row> {
  list: (db: Db) => Promise<Row[]>;
  /** Throws the entity's 404 ('Package not found') when there is no such row. */
  find: (db: Db, id: number) => Promise<Row>;
}

/** The `where` of a catalogue select: every row when no id is given, else the one row. */
const whereId = (db: Db, id: number | undefined, column = 'id') =>
  id === undefined ? db`` : db`where ${db(column)} = ${id}`;

/** The `where` a catalogue select puts after its `from`: nothing for the list, the id's row for one. */
export type WhereId = ReturnType<typeof whereId>;

/**
 * The usual reads: one select giving every row (`where` is empty) or only the one with the id, and the
 * mapping of a database row to the entity (which is also what the audit log records). Most entities
 * only need their timestamp columns as ISO strings: they name them in `dates` instead of a `toRow`.
 */
export function rowsOf<Raw, Row = AnyRow>(opts: {
  select: (db: Db, where: WhereId) => PromiseLike<readonly Raw[]>;
  /** The entity's 404 message ('Package not found'). */
  notFound: string;
  /** The column the id is matched on: `e.id` when the select names its table. */
  idColumn?: string;
  dates?: string[];
  toRow?: (raw: Raw) => Row;
}): CatalogueRows<Row> {
  const map = opts.toRow ?? ((raw: Raw) => isoDates(raw, ...(opts.dates ?? [])) as Row);
  const select = (db: Db, id?: number) => opts.select(db, whereId(db, id, opts.idColumn));
  return {
    list: async (db) => (await select(db)).map(map),
    find: async (db, id) => {
      const [raw] = await select(db, id);
      if (!raw) throw notFound(opts.notFound);
      return map(raw);
    },
  };
}

/** The id of the row an `insert ... returning id` made (a create's answer to the catalogue). */
export async function insertedId(query: PromiseLike<readonly unknown[]>): Promise<{ id: number }> {
  const [row] = (await query) as readonly { id: number }[];
  return row!;
}

/** The usual delete: the row of `table` with the id, nothing else to check. */
export const deleteRow = (table: string) => async (tx: TransactionSql, id: number) => {
  await tx`delete from ${tx(table)} where id = ${id}`;
};

// biome-ignore lint/suspicious/noExplicitAny: the row shape is the answer schema's
type AnyRow = any;

/** The row with the named timestamp columns as ISO strings (a null stays null): the wire format. */
export function isoDates(row: AnyRow, ...columns: string[]): AnyRow {
  const out = { ...row };
  for (const column of columns) {
    const value = out[column];
    out[column] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

/** What a create or update route takes: its documented body, and how the handler reads it. */
export interface Body<T> {
  schema: TSchema;
  parse: (body: unknown) => T;
  preValidation?: (request: { body: unknown }) => Promise<void>;
}

/**
 * A body the spec's shared form (valibot, as on the web) decides: it runs before the JSON schema, so a
 * field gets its own message ('Name must be at least 3 characters'), and the JSON schema, derived from
 * the form, documents it.
 */
export function formBody<S extends v.GenericSchema>(form: S): Body<v.InferOutput<S>> {
  return {
    schema: inputJsonSchema(form),
    parse: (body) => parseInput(form, body),
    preValidation: checkFirst(form),
  };
}

/** A body the JSON schema alone decides. */
export function schemaBody<S extends TSchema>(schema: S): Body<Static<S>> {
  return { schema, parse: (body) => body as Static<S> };
}

interface Verb {
  /** The OpenAPI summary. */
  summary: string;
  /** The staff roles allowed; admin only when left out. */
  roles?: readonly StaffRole[];
}

/** What an update or delete knows besides the id: the row as it was, and who asks. */
export interface Change<Row> {
  before: Row;
  request: FastifyRequest;
}

export type UpdateOptions<Row, UpdateInput> = Verb & {
  method?: 'PUT' | 'PATCH';
  body: Body<UpdateInput>;
  /** Writes the change (and checks it against the row as it was) inside the transaction. */
  apply: (tx: TransactionSql, id: number, input: UpdateInput, change: Change<Row>) => Promise<void>;
};

/**
 * The update of an entity with an on/off switch (`isActive`): an edit that leaves isActive out (or
 * null) keeps the switch as it is, so it never re-activates what was switched off (the form would read
 * the missing field as its create default). `write` stores the input with isActive settled.
 */
export function updateKeepingActive<Input extends { isActive: boolean }>(
  options: Verb & {
    body: Body<Input>;
    write: (tx: TransactionSql, id: number, input: Input) => Promise<void>;
  },
): UpdateOptions<{ isActive: boolean }, Input> {
  const { write, ...verb } = options;
  return {
    ...verb,
    apply: (tx, id, input, { before, request }) =>
      write(tx, id, keepsActive(request.body) ? { ...input, isActive: before.isActive } : input),
  };
}

export interface CatalogueOptions<Row, CreateInput, UpdateInput, Inserted extends { id: number }> {
  /** '/packages': the list and create path; the one-row routes add '/:id'. */
  path: string;
  /** The audit log's entity name ('package'). */
  entity: string;
  /** One row as answered (TypeBox). */
  schema: TSchema;
  rows: CatalogueRows<Row>;
  /** For an entity whose answer carries more than its audited row (an event's dates and timeslots). */
  present?: (db: Db, rows: Row[]) => Promise<unknown[]>;
  /** The spec's 409 message when a create or update repeats a unique value (Postgres 23505). */
  duplicate?: string;
  /** The error answers the one-row routes document; 400, 404 and 409 unless given. */
  errors?: Record<number, TSchema>;
  list?: Verb;
  get?: Verb;
  create?: Verb & {
    body: Body<CreateInput>;
    /** Writes the new row (and checks what the body alone cannot) inside the transaction. */
    insert: (tx: TransactionSql, input: CreateInput, request: FastifyRequest) => Promise<Inserted>;
    /** The 201 answer's data when it is not the new row: its schema, and the data after the commit. */
    answer?: {
      schema: TSchema;
      data: (row: unknown, inserted: Inserted, request: FastifyRequest) => unknown;
    };
  };
  update?: UpdateOptions<Row, UpdateInput>;
  delete?: Verb & {
    /** The spec's answer message ('Package deleted'). */
    message: string;
    /** Deletes the row, or refuses to (a 409 for one still in use), inside the transaction. */
    remove: (tx: TransactionSql, id: number, change: Change<Row>) => Promise<void>;
  };
}

const ERRORS = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

const isDuplicate = (err: unknown) => (err as { code?: string }).code === '23505';

/** The routes of one catalogue entity, as a plugin for the guarded /api/admin context. */
export function catalogueRoutes<Row, CreateInput, UpdateInput, Inserted extends { id: number }>(
  options: CatalogueOptions<Row, CreateInput, UpdateInput, Inserted>,
): FastifyPluginAsyncTypebox {
  const { path, entity, schema, rows, duplicate } = options;
  const errors = options.errors ?? ERRORS;
  const present = (db: Db, list: Row[]) => (options.present ? options.present(db, list) : list);
  const one = async (db: Db, row: Row) => (await present(db, [row]))[0];
  const route = (verb: Verb, body?: Body<unknown>) => ({
    ...(verb.roles ? { config: { roles: verb.roles } } : {}),
    ...(body?.preValidation ? { preValidation: body.preValidation } : {}),
  });
  const refusingDuplicates = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (duplicate && isDuplicate(err)) throw conflict(duplicate);
      throw err;
    }
  };

  return async (app) => {
    const { sql } = app;

    if (options.list) {
      app.get(
        path,
        {
          ...route(options.list),
          schema: { summary: options.list.summary, response: { 200: Envelope(Type.Array(schema)) } },
        },
        async () => ({ success: true as const, data: await present(sql, await rows.list(sql)) }),
      );
    }

    if (options.get) {
      app.get(
        `${path}/:id`,
        {
          ...route(options.get),
          schema: {
            summary: options.get.summary,
            params: IdParams,
            response: { 200: Envelope(schema), ...errors },
          },
        },
        async (request) => ({
          success: true as const,
          data: await one(sql, await rows.find(sql, request.params.id)),
        }),
      );
    }

    const create = options.create;
    if (create) {
      app.post(
        path,
        {
          ...route(create, create.body),
          schema: {
            summary: create.summary,
            body: create.body.schema,
            response: { 201: Envelope(create.answer?.schema ?? schema), ...errors },
          },
        },
        async (request, reply) => {
          const input = create.body.parse(request.body);
          const { inserted, answer } = await refusingDuplicates(() =>
            sql.begin(async (tx) => {
              const inserted = await create.insert(tx, input, request);
              const after = await rows.find(tx, inserted.id);
              await audit(tx, {
                actor: request.actor,
                action: 'create',
                entity,
                entityId: inserted.id,
                after,
              });
              return { inserted, answer: await one(tx, after) };
            }),
          );
          const data = create.answer ? await create.answer.data(answer, inserted, request) : answer;
          return reply.status(201).send({ success: true as const, data });
        },
      );
    }

    const update = options.update;
    if (update) {
      app.route({
        method: update.method ?? 'PUT',
        url: `${path}/:id`,
        ...route(update, update.body),
        schema: {
          summary: update.summary,
          params: IdParams,
          body: update.body.schema,
          response: { 200: Envelope(schema), ...errors },
        },
        handler: async (request) => {
          const input = update.body.parse(request.body);
          const { id } = request.params;
          const data = await refusingDuplicates(() =>
            sql.begin(async (tx) => {
              const before = await rows.find(tx, id);
              await update.apply(tx, id, input, { before, request });
              const after = await rows.find(tx, id);
              await audit(tx, {
                actor: request.actor,
                action: 'update',
                entity,
                entityId: id,
                before,
                after,
              });
              return one(tx, after);
            }),
          );
          return { success: true as const, data };
        },
      });
    }

    const remove = options.delete;
    if (remove) {
      app.delete(
        `${path}/:id`,
        {
          ...route(remove),
          schema: {
            summary: remove.summary,
            params: IdParams,
            response: { 200: MessageResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { id } = request.params;
          await sql.begin(async (tx) => {
            const before = await rows.find(tx, id);
            await remove.remove(tx, id, { before, request });
            await audit(tx, { actor: request.actor, action: 'delete', entity, entityId: id, before });
          });
          return { success: true, message: remove.message };
        },
      );
    }
  };
}
