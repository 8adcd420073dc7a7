import { formatDateOrNA, holidaySchema } from '@hs/domain';
import { useState } from 'react';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import * as Table from '../../components/ui/table';
import { api } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormDialog } from '../components/form-dialog';
import { RowActions } from '../components/row-actions';
import { ListState, SectionHeader } from '../components/section';
import {
  ADMIN_PATHS,
  toastMutationError,
  toastSuccess,
  useAdminList,
  useRefresh,
  useRemove,
} from '../lib/admin-api';
import type { Holiday } from '@hs/contracts';
import { useForm } from '../lib/use-form';

export function HolidayDialog({
  holiday,
  open,
  onOpenChange,
  onSaved,
}: {
  holiday: Holiday | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const form = useForm(holidaySchema, { name: holiday?.name ?? '', date: holiday?.date ?? '' });
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      if (holiday) await api.put(`${ADMIN_PATHS.holidays}/${holiday.id}`, body);
      else await api.post(ADMIN_PATHS.holidays, body);
      toastSuccess(holiday ? 'Holiday updated' : 'Holiday created');
      onSaved();
      onOpenChange(false);
    } catch (error) {
      toastMutationError(holiday ? 'update' : 'create', 'public holiday', error);
    } finally {
      setPending(false);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={holiday ? 'Edit Holiday' : 'Add Holiday'}
      description="Public holidays have no appointments."
      submitLabel={holiday ? 'Update Holiday' : 'Create Holiday'}
      pending={pending}
      onSubmit={onSubmit}
      formRef={form.formRef}
      size="sm"
    >
      <Field.TextField label="Name" required error={form.errors.name} {...form.text('name')} />
      <Field.TextField label="Date" type="date" required error={form.errors.date} {...form.text('date')} />
    </FormDialog>
  );
}

export function HolidaysTab() {
  const { items, error, isLoading } = useAdminList<Holiday>(ADMIN_PATHS.holidays);
  const refresh = useRefresh(ADMIN_PATHS.holidays);
  const [editing, setEditing] = useState<{ holiday: Holiday | null } | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const sorted = items ? [...items].sort((a, b) => a.date.localeCompare(b.date)) : undefined;

  const remove = useRemove(ADMIN_PATHS.holidays, 'public holiday', 'Holiday deleted');

  return (
    <section aria-labelledby="holidays-heading">
      <SectionHeader
        id="holidays-heading"
        title="Public Holidays"
        description="Days without appointments, sorted by date."
        action={
          <Button onClick={() => setEditing({ holiday: null })}>
            <PlusIcon />
            Add Holiday
          </Button>
        }
      />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!sorted?.length}
        empty="No holidays found. Add one to get started."
      >
        <Table.Root caption="Public holidays">
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Name</Table.Header>
              <Table.Header scope="col">Date</Table.Header>
              <Table.Header scope="col" textAlign="right">
                Actions
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {sorted?.map((holiday) => (
              <Table.Row key={holiday.id}>
                <Table.Cell fontWeight="medium">{holiday.name}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateOrNA(holiday.date, 'EEE, d MMM yyyy')}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    name={holiday.name}
                    onEdit={() => setEditing({ holiday })}
                    onDelete={() => setDeleting(holiday)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListState>
      {editing ? (
        <HolidayDialog
          key={editing.holiday?.id ?? 'new'}
          holiday={editing.holiday}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Holiday"
        description={`Are you sure you want to delete the holiday "${deleting?.name ?? ''}"? This action cannot be undone.`}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
