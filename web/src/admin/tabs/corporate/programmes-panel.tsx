import { formatDateOrNA } from '@hs/domain';
import type { Company, Programme } from '@hs/contracts';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { ArrowLeftIcon, PlusIcon } from '../../../components/icons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import * as Table from '../../../components/ui/table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListTable } from '../../components/list-table';
import { ListState, SectionHeader } from '../../components/section';
import { ActionsMenu, deleteQuestion } from '../../entity-tab';
import { failureMessage, toastError, toastSuccess, useAdminList, useRemove } from '../../lib/admin-api';
import { api } from '../../../lib/api';
import { useSWRConfig } from 'swr';
import { CORPORATE_PATHS, PAYMENT_RULE_LABELS } from './paths';
import { PROGRAMME, ProgrammeDialog, programmeBody } from './programme-dialog';
import { ProgrammeLink } from './programme-link';

const day = (d: string) => formatDateOrNA(d, 'd MMM yyyy');

export function ProgrammeStatus({ programme }: { programme: Programme }) {
  if (programme.closedAt) return <Badge tone="neutral">Closed</Badge>;
  return (
    <Badge tone={programme.isActive ? 'success' : 'neutral'}>
      {programme.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** A company's programmes: create, edit, open (roster, bookings, report), copy the link, close, deactivate, delete. */
export function ProgrammesPanel({
  company,
  onBack,
  onOpen,
}: {
  company: Company;
  onBack: () => void;
  onOpen: (programme: Programme) => void;
}) {
  const { items, error, isLoading } = useAdminList<Programme>(CORPORATE_PATHS.programmes);
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([mutate(CORPORATE_PATHS.programmes), mutate(CORPORATE_PATHS.companies)]);
  const remove = useRemove(CORPORATE_PATHS.programmes, 'programme', 'Programme deleted');
  const [editing, setEditing] = useState<{ item: Programme | null } | null>(null);
  const [closing, setClosing] = useState<Programme | null>(null);
  const [deleting, setDeleting] = useState<Programme | null>(null);
  const rows = items?.filter((p) => p.companyId === company.id);

  async function setActive(p: Programme, isActive: boolean) {
    try {
      await api.put(`${CORPORATE_PATHS.programmes}/${p.id}`, programmeBody({ ...p, isActive }));
      toastSuccess(isActive ? 'Programme activated' : 'Programme deactivated');
      await refresh();
    } catch (e) {
      toastError(`Failed to update programme: ${failureMessage(e)}`);
    }
  }

  async function close(p: Programme) {
    try {
      await api.post(CORPORATE_PATHS.close(p.id));
      toastSuccess('Programme closed', 'No more bookings can be made under it.');
      await refresh();
    } catch (e) {
      toastError(`Failed to close programme: ${failureMessage(e)}`);
    }
  }

  const headingId = 'programmes-heading';
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="3">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeftIcon />
            All companies
          </Button>
        </div>
        <SectionHeader
          id={headingId}
          title={`${company.name}: programmes`}
          description={`UEN ${company.uen} · invoices to ${company.billingEmail}`}
          action={
            <Button onClick={() => setEditing({ item: null })}>
              <PlusIcon />
              Add Programme
            </Button>
          }
        />
        <ListState
          isLoading={isLoading}
          error={error}
          isEmpty={!rows?.length}
          empty="No programmes yet. Add one to get started."
        >
          <ListTable
            caption={`Programmes of ${company.name}`}
            columns={['Name', 'Link', 'Dates', 'Who pays', 'Roster', 'Booked', 'Status']}
            actions
          >
            {rows?.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell className={css({ fontWeight: 'medium' })}>
                  <button
                    type="button"
                    onClick={() => onOpen(p)}
                    className={css({ textDecoration: 'underline', cursor: 'pointer', textAlign: 'start' })}
                  >
                    {p.name}
                  </button>
                </Table.Cell>
                <Table.Cell>
                  <ProgrammeLink name={p.name} link={p.link} />
                </Table.Cell>
                <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                  {day(p.startsOn)} – {day(p.endsOn)}
                </Table.Cell>
                <Table.Cell>
                  {PAYMENT_RULE_LABELS[p.paymentRule]}
                  {p.amount ? ` (S$${p.amount})` : ''}
                </Table.Cell>
                <Table.Cell>{p.useRoster ? p.rosterSize : '—'}</Table.Cell>
                <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                  {p.bookingCap ? `${p.bookingsHeld} / ${p.bookingCap}` : p.bookingsHeld}
                </Table.Cell>
                <Table.Cell>
                  <ProgrammeStatus programme={p} />
                </Table.Cell>
                <Table.Cell textAlign="right">
                  <ActionsMenu
                    name={p.name}
                    items={[
                      { value: 'open', label: 'Roster, bookings and report' },
                      { value: 'edit', label: 'Edit' },
                      p.isActive
                        ? { value: 'deactivate', label: 'Deactivate' }
                        : { value: 'activate', label: 'Activate' },
                      {
                        value: 'close',
                        label: 'Close programme',
                        disabled: p.closedAt !== null,
                        danger: true,
                      },
                      { value: 'delete', label: 'Delete', danger: true },
                    ]}
                    onSelect={(action) => {
                      if (action === 'open') onOpen(p);
                      else if (action === 'edit') setEditing({ item: p });
                      else if (action === 'deactivate') void setActive(p, false);
                      else if (action === 'activate') void setActive(p, true);
                      else if (action === 'close') setClosing(p);
                      else if (action === 'delete') setDeleting(p);
                    }}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </ListTable>
        </ListState>
      </Stack>
      {editing ? (
        <ProgrammeDialog
          key={editing.item?.id ?? 'new'}
          programme={editing.item}
          companyId={company.id}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => !open && setClosing(null)}
        title="Close Programme"
        description={
          closing
            ? `Close "${closing.name}"? No more bookings can be made under it, and the company is invoiced for what is owed.`
            : ''
        }
        confirmLabel="Close programme"
        onConfirm={() => (closing ? close(closing) : Promise.resolve())}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${PROGRAMME.label}`}
        description={deleting ? deleteQuestion('programme', deleting.name) : ''}
        onConfirm={() => (deleting ? remove(deleting).then(refresh) : Promise.resolve())}
      />
    </section>
  );
}
