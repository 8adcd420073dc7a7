import { formatDateOrNA, holidaySchema } from '@hs/domain';
import type { Holiday } from '@hs/contracts';
import * as Field from '../../components/ui/field';
import { FormDialog } from '../components/form-dialog';
import {
  cellStyle,
  deleteQuestion,
  type Entity,
  EntityTab,
  type ItemDialogProps,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS } from '../lib/admin-api';

const HOLIDAY: Entity<Holiday> = {
  path: ADMIN_PATHS.holidays,
  label: 'Holiday',
  noun: 'public holiday',
  name: (h) => h.name,
  confirm: (name) => deleteQuestion('holiday', name),
};

export function HolidayDialog({ holiday, ...slot }: ItemDialogProps<'holiday', Holiday>) {
  const { form, props } = useEntityDialog({
    entity: HOLIDAY,
    item: holiday,
    schema: holidaySchema,
    initial: { name: holiday?.name ?? '', date: holiday?.date ?? '' },
    ...slot,
  });

  return (
    <FormDialog {...props} description="Public holidays have no appointments." size="sm">
      <Field.TextField label="Name" required {...form.field('name')} />
      <Field.TextField label="Date" type="date" required {...form.field('date')} />
    </FormDialog>
  );
}

export function HolidaysTab() {
  return (
    <EntityTab
      entity={HOLIDAY}
      heading={{
        id: 'holidays-heading',
        title: 'Public Holidays',
        description: 'Days without appointments, sorted by date.',
      }}
      empty="No holidays found. Add one to get started."
      caption="Public holidays"
      sort={(a, b) => a.date.localeCompare(b.date)}
      columns={[
        { header: 'Name', cell: (h) => h.name, className: cellStyle.name },
        {
          header: 'Date',
          cell: (h) => formatDateOrNA(h.date, 'EEE, d MMM yyyy'),
          className: cellStyle.nowrap,
        },
      ]}
      dialog={({ item, ...slot }) => <HolidayDialog holiday={item} {...slot} />}
    />
  );
}
