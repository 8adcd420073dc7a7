import { CompanySchema, ROLES } from '@hs/contracts';
import { companySchema as CompanyInput } from '@hs/domain';
import { conflict } from '../../errors';
import { catalogueRoutes, formBody, insertedId, rowsOf, updateKeepingActive } from './catalogue-routes';

const roles = ROLES.corporate;

/** Companies that run corporate programmes (issue 51): who is invoiced, and where. */
const companies = catalogueRoutes({
  path: '/companies',
  entity: 'company',
  schema: CompanySchema,
  rows: rowsOf({
    notFound: 'Company not found',
    idColumn: 'c.id',
    dates: ['createdAt', 'updatedAt'],
    select: (db, where) => db`
      select c.id, c.name, c.uen, c.billing_address as "billingAddress", c.billing_email as "billingEmail",
             c.gst_registration_number as "gstRegistrationNumber", c.po_reference as "poReference",
             c.is_active as "isActive",
             (select count(*)::int from programmes p where p.company_id = c.id) as "programmeCount",
             c.created_at as "createdAt", c.updated_at as "updatedAt"
      from companies c ${where}
      order by c.name asc, c.id asc`,
  }),
  duplicate: 'A company with this UEN already exists',
  list: { summary: 'List companies (issue 51)', roles },
  get: { summary: 'Read one company', roles },
  create: {
    summary: 'Add a company',
    roles,
    body: formBody(CompanyInput),
    insert: (tx, c) =>
      insertedId(tx`
        insert into companies (name, uen, billing_address, billing_email, gst_registration_number, po_reference, is_active)
        values (${c.name}, ${c.uen}, ${c.billingAddress}, ${c.billingEmail}, ${c.gstRegistrationNumber},
          ${c.poReference}, ${c.isActive})
        returning id`),
  },
  update: updateKeepingActive({
    summary: 'Update a company (isActive false deactivates it: its programmes take no more bookings)',
    roles,
    body: formBody(CompanyInput),
    write: async (tx, id, c) => {
      await tx`
        update companies set name = ${c.name}, uen = ${c.uen}, billing_address = ${c.billingAddress},
          billing_email = ${c.billingEmail}, gst_registration_number = ${c.gstRegistrationNumber},
          po_reference = ${c.poReference}, is_active = ${c.isActive}, updated_at = now()
        where id = ${id}`;
    },
  }),
  delete: {
    summary: 'Delete a company without programmes',
    roles,
    message: 'Company deleted',
    remove: async (tx, id) => {
      if ((await tx`select 1 from programmes where company_id = ${id} limit 1`).length > 0)
        throw conflict('This company has programmes and cannot be deleted. Deactivate it instead.');
      await tx`delete from companies where id = ${id}`;
    },
  },
});

export default companies;
