import { AdminPackageSchema } from '@hs/contracts';
import { packageFormSchema as PackageInput } from '@hs/domain';
import { conflict } from '../../errors';
import { catalogueRoutes, formBody, insertedId, rowsOf, updateKeepingActive } from './catalogue-routes';

const packages = catalogueRoutes({
  path: '/packages',
  entity: 'package',
  schema: AdminPackageSchema,
  rows: rowsOf({
    notFound: 'Package not found',
    dates: ['createdAt', 'updatedAt'],
    // numeric(10,2) comes back as a string like "120.00": exactly the wire format.
    select: (db, where) => db`
      select id, name, description, price::text as price, aia_price::text as "aiaPrice", is_active as "isActive",
             translations, created_at as "createdAt", updated_at as "updatedAt"
      from packages ${where}
      order by created_at desc, id desc`,
  }),
  list: { summary: 'List packages' },
  get: { summary: 'Read one package' },
  create: {
    summary: 'Create a package',
    body: formBody(PackageInput),
    insert: (tx, input) =>
      insertedId(tx`
        insert into packages (name, description, price, aia_price, is_active, translations)
        values (${input.name}, ${input.description}, ${input.price!}, ${input.aiaPrice}, ${input.isActive},
          ${tx.json((input.translations ?? {}) as never)})
        returning id`),
  },
  update: updateKeepingActive({
    summary: 'Update a package',
    body: formBody(PackageInput),
    write: async (tx, id, input) => {
      await tx`
        update packages set name = ${input.name}, description = ${input.description}, price = ${input.price!},
          aia_price = ${input.aiaPrice}, is_active = ${input.isActive},
          translations = coalesce(${input.translations ? tx.json(input.translations as never) : null}::jsonb, translations)
        where id = ${id}`;
    },
  }),
  delete: {
    summary: 'Delete a package',
    message: 'Package deleted',
    remove: async (tx, id) => {
      const [table] = await tx<{ exists: boolean }[]>`select to_regclass('orders') is not null as exists`;
      if (table?.exists && (await tx`select 1 from orders where package_id = ${id} limit 1`).length > 0) {
        throw conflict('This package has bookings and cannot be deleted. Deactivate it instead.');
      }
      await tx`delete from packages where id = ${id}`;
    },
  },
});

export default packages;
