import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminPackageSchema,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  MessageResponseSchema,
  PackageInputSchema,
  ROLES,
} from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { conflict, notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { keepsActive } from './inputs';
import { packageFormSchema as PackageInput } from '@hs/domain';

type Db = Sql | TransactionSql;

// numeric(10,2) comes back as a string like "120.00": exactly the wire format.
const selectPackages = (db: Db, id?: number) => db`
  select id, name, description, price::text as price, aia_price::text as "aiaPrice", is_active as "isActive",
         created_at as "createdAt", updated_at as "updatedAt"
  from packages ${id === undefined ? db`` : db`where id = ${id}`}
  order by created_at desc, id desc`;

// biome-ignore lint/suspicious/noExplicitAny: row shape is the schema's
const toPackage = (row: any) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findPackage(db: Db, id: number) {
  const [row] = await selectPackages(db, id);
  if (!row) throw notFound('Package not found');
  return toPackage(row);
}

const Errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

const packages: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/packages',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List packages',
        tags: ['admin'],
        response: { 200: Envelope(Type.Array(AdminPackageSchema)) },
      },
    },
    async () => ({ success: true as const, data: (await selectPackages(sql)).map(toPackage) }),
  );

  app.get(
    '/packages/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read one package',
        tags: ['admin'],
        params: IdParams,
        response: { 200: Envelope(AdminPackageSchema), ...Errors },
      },
    },
    async (request) => ({ success: true as const, data: await findPackage(sql, request.params.id) }),
  );

  app.post(
    '/packages',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Create a package',
        tags: ['admin'],
        body: Type.Partial(PackageInputSchema),
        response: { 201: Envelope(AdminPackageSchema), ...Errors },
      },
      preValidation: checkFirst(PackageInput),
    },
    async (request, reply) => {
      const input = parseInput(PackageInput, request.body);
      const created = await sql.begin(async (tx) => {
        const [row] = await tx<{ id: number }[]>`
          insert into packages (name, description, price, aia_price, is_active)
          values (${input.name}, ${input.description}, ${input.price!}, ${input.aiaPrice}, ${input.isActive})
          returning id`;
        const after = await findPackage(tx, row!.id);
        await audit(tx, {
          actor: request.actor,
          action: 'create',
          entity: 'package',
          entityId: row!.id,
          after,
        });
        return after;
      });
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.put(
    '/packages/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a package',
        tags: ['admin'],
        params: IdParams,
        body: Type.Partial(PackageInputSchema),
        response: { 200: Envelope(AdminPackageSchema), ...Errors },
      },
      preValidation: checkFirst(PackageInput),
    },
    async (request) => {
      const input = parseInput(PackageInput, request.body);
      const { id } = request.params;
      const updated = await sql.begin(async (tx) => {
        const before = await findPackage(tx, id);
        // An edit without isActive leaves the switch as it is (as for events): it never re-activates.
        const isActive = keepsActive(request.body) ? before.isActive : input.isActive;
        await tx`
          update packages set name = ${input.name}, description = ${input.description}, price = ${input.price!},
            aia_price = ${input.aiaPrice}, is_active = ${isActive}
          where id = ${id}`;
        const after = await findPackage(tx, id);
        await audit(tx, {
          actor: request.actor,
          action: 'update',
          entity: 'package',
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
    '/packages/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete a package',
        tags: ['admin'],
        params: IdParams,
        response: { 200: MessageResponseSchema, ...Errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await sql.begin(async (tx) => {
        const before = await findPackage(tx, id);
        const [table] = await tx<{ exists: boolean }[]>`select to_regclass('orders') is not null as exists`;
        if (table?.exists && (await tx`select 1 from orders where package_id = ${id} limit 1`).length > 0) {
          throw conflict('This package has bookings and cannot be deleted. Deactivate it instead.');
        }
        await tx`delete from packages where id = ${id}`;
        await audit(tx, { actor: request.actor, action: 'delete', entity: 'package', entityId: id, before });
      });
      return { success: true, message: 'Package deleted' };
    },
  );
};

export default packages;
