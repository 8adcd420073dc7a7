import { HolidaySchema } from '@hs/contracts';
import { holidaySchema as HolidayInput } from '@hs/domain';
import { catalogueRoutes, deleteRow, formBody, insertedId, rowsOf } from './catalogue-routes';

/** Public holidays: auto-generated timeslots skip these dates. */
const holidays = catalogueRoutes({
  path: '/public-holidays',
  entity: 'public_holiday',
  schema: HolidaySchema,
  rows: rowsOf({
    notFound: 'Public holiday not found',
    dates: ['createdAt', 'updatedAt'],
    select: (db, where) => db`
      select id, name, to_char(date, 'YYYY-MM-DD') as date, created_at as "createdAt", updated_at as "updatedAt"
      from public_holidays ${where}
      order by date asc`,
  }),
  duplicate: 'A public holiday already exists on this date',
  list: { summary: 'List public holidays' },
  create: {
    summary: 'Add a public holiday',
    body: formBody(HolidayInput),
    insert: (tx, input) =>
      insertedId(
        tx`insert into public_holidays (name, date) values (${input.name}, ${input.date}) returning id`,
      ),
  },
  update: {
    summary: 'Update a public holiday',
    body: formBody(HolidayInput),
    apply: async (tx, id, input) => {
      await tx`update public_holidays set name = ${input.name}, date = ${input.date} where id = ${id}`;
    },
  },
  delete: {
    summary: 'Delete a public holiday',
    message: 'Public holiday deleted',
    remove: deleteRow('public_holidays'),
  },
});

export default holidays;
