import { HolidaySchema } from '@hs/contracts';
import { holidaySchema as HolidayInput } from '@hs/domain';
import { type Db, catalogueRoutes, formBody, isoDates, rowsOf, deleteRow, whereId } from './catalogue-routes';

const selectHolidays = (db: Db, id?: number) => db`
  select id, name, to_char(date, 'YYYY-MM-DD') as date, created_at as "createdAt", updated_at as "updatedAt"
  from public_holidays ${whereId(db, id)}
  order by date asc`;

/** Public holidays: auto-generated timeslots skip these dates. */
const holidays = catalogueRoutes({
  path: '/public-holidays',
  entity: 'public_holiday',
  schema: HolidaySchema,
  rows: rowsOf(selectHolidays, (row) => isoDates(row, 'createdAt', 'updatedAt'), 'Public holiday not found'),
  duplicate: 'A public holiday already exists on this date',
  list: { summary: 'List public holidays' },
  create: {
    summary: 'Add a public holiday',
    body: formBody(HolidayInput),
    insert: async (tx, input) => {
      const [row] = await tx<{ id: number }[]>`
        insert into public_holidays (name, date) values (${input.name}, ${input.date}) returning id`;
      return row!;
    },
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
