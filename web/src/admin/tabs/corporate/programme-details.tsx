import type { Company, IssuedDocumentView, Programme, ProgrammeBooking, RosterEmployee } from '@hs/contracts';
import { formatDateOrNA } from '@hs/domain';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { ArrowLeftIcon } from '../../../components/icons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import * as Table from '../../../components/ui/table';
import * as Tabs from '../../../components/ui/tabs';
import type { ApiEnvelope } from '../../../lib/api';
import { DownloadButton } from '../../invoices/order-invoices';
import { ListTable } from '../../components/list-table';
import { ListState, SectionHeader } from '../../components/section';
import { formatAdminDateTime } from '../../lib/admin-api';
import { CORPORATE_PATHS } from './paths';
import { ProgrammeLink } from './programme-link';
import { ProgrammeStatus } from './programmes-panel';
import { ReportPanel } from './report-panel';
import { RosterImportDialog } from './roster-import';

function useList<T>(path: string) {
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<T[]>>(path);
  return { items: data?.data, error, isLoading, mutate };
}

function RosterPanel({ programme }: { programme: Programme }) {
  const { items, error, isLoading, mutate } = useList<RosterEmployee>(CORPORATE_PATHS.roster(programme.id));
  const [importing, setImporting] = useState(false);
  const { mutate: mutateKey } = useSWRConfig();
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
          {programme.useRoster
            ? 'Employees on the roster may book.'
            : 'This programme does not use its roster for eligibility; the roster still counts for the report.'}
        </p>
        <Button onClick={() => setImporting(true)}>Import roster</Button>
      </HStack>
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!items?.length}
        empty="No employees on the roster. Import a CSV to add them."
      >
        <ListTable caption="Roster" columns={['Employee ID', 'Name', 'Work email', 'Department', 'Site']}>
          {items?.map((e) => (
            <Table.Row key={e.employeeId}>
              <Table.Cell>{e.employeeId}</Table.Cell>
              <Table.Cell className={css({ fontWeight: 'medium' })}>{e.name}</Table.Cell>
              <Table.Cell>{e.email}</Table.Cell>
              <Table.Cell>{e.department ?? '—'}</Table.Cell>
              <Table.Cell>{e.site ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
      </ListState>
      {importing ? (
        <RosterImportDialog
          programmeId={programme.id}
          open
          onOpenChange={setImporting}
          onImported={() => void Promise.all([mutate(), mutateKey(CORPORATE_PATHS.programmes)])}
        />
      ) : null}
    </Stack>
  );
}

function BookingsPanel({ programmeId }: { programmeId: number }) {
  const { items, error, isLoading } = useList<ProgrammeBooking>(CORPORATE_PATHS.bookings(programmeId));
  return (
    <ListState isLoading={isLoading} error={error} isEmpty={!items?.length} empty="No bookings yet.">
      <ListTable
        caption="Bookings"
        columns={[
          'Reference',
          'Employee',
          'Name',
          'Status',
          'Appointment',
          'Company pays',
          'Employee pays',
          'Booked',
        ]}
      >
        {items?.map((b) => (
          <Table.Row key={b.registrationId}>
            <Table.Cell className={css({ fontFamily: 'mono', whiteSpace: 'nowrap' })}>
              {b.referenceNumber}
            </Table.Cell>
            <Table.Cell>{b.employeeId}</Table.Cell>
            <Table.Cell>{b.name}</Table.Cell>
            <Table.Cell>
              <HStack gap="1">
                <Badge>{b.status}</Badge>
                {b.checkedIn ? <Badge tone="success">Checked in</Badge> : null}
                {b.noShow ? <Badge tone="warning">No-show</Badge> : null}
              </HStack>
            </Table.Cell>
            <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
              {b.appointmentDate ? formatDateOrNA(b.appointmentDate, 'd MMM yyyy') : '—'}
            </Table.Cell>
            <Table.Cell className={css({ whiteSpace: 'nowrap' })}>S${b.companyPays}</Table.Cell>
            <Table.Cell className={css({ whiteSpace: 'nowrap' })}>S${b.employeePays}</Table.Cell>
            <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
              {formatAdminDateTime(b.bookedAt)}
            </Table.Cell>
          </Table.Row>
        ))}
      </ListTable>
    </ListState>
  );
}

/** The company's tax invoices for the programme and the credit notes against them (issue 51). */
function InvoicesPanel({ programmeId }: { programmeId: number }) {
  const { items, error, isLoading } = useList<IssuedDocumentView>(CORPORATE_PATHS.invoices(programmeId));
  return (
    <Stack gap="3">
      <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
        The company gets one tax invoice per month for what it pays of that month&apos;s bookings (and one
        when the programme is closed), emailed to its billing contact. A billed booking cancelled later gets a
        credit note.
      </p>
      <ListState isLoading={isLoading} error={error} isEmpty={!items?.length} empty="No invoices yet.">
        <ListTable
          caption="Invoices and credit notes"
          columns={['Number', 'Document', 'Total', 'GST', 'Issued', '']}
        >
          {items?.map((d) => (
            <Table.Row key={d.number}>
              <Table.Cell className={css({ fontFamily: 'mono', whiteSpace: 'nowrap' })}>
                {d.number}
              </Table.Cell>
              <Table.Cell>
                {d.kind === 'invoice' ? d.title : `Credit note against ${d.originalInvoiceNumber ?? ''}`}
              </Table.Cell>
              <Table.Cell className={css({ whiteSpace: 'nowrap' })}>S${d.total}</Table.Cell>
              <Table.Cell className={css({ whiteSpace: 'nowrap' })}>S${d.gst}</Table.Cell>
              <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                {formatAdminDateTime(d.issuedAt)}
              </Table.Cell>
              <Table.Cell>
                <DownloadButton number={d.number} />
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
      </ListState>
    </Stack>
  );
}

/** One programme: its link, roster (with the import), bookings, invoices and report. */
export function ProgrammeDetails({
  company,
  programme,
  onBack,
}: {
  company: Company;
  programme: Programme;
  onBack: () => void;
}) {
  const [tab, setTab] = useState('roster');
  return (
    <section aria-labelledby="programme-heading">
      <Stack gap="3">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeftIcon />
            {company.name}: programmes
          </Button>
        </div>
        <SectionHeader
          id="programme-heading"
          title={programme.name}
          description={
            <span
              className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}
            >
              <ProgrammeStatus programme={programme} />
              <ProgrammeLink name={programme.name} link={programme.link} />
            </span>
          }
        />
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount unmountOnExit>
          <Tabs.List aria-label="Programme">
            <Tabs.Trigger value="roster">Roster ({programme.rosterSize})</Tabs.Trigger>
            <Tabs.Trigger value="bookings">Bookings ({programme.bookingsHeld})</Tabs.Trigger>
            <Tabs.Trigger value="invoices">Invoices</Tabs.Trigger>
            <Tabs.Trigger value="report">Report</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="roster">
            <RosterPanel programme={programme} />
          </Tabs.Content>
          <Tabs.Content value="bookings">
            <BookingsPanel programmeId={programme.id} />
          </Tabs.Content>
          <Tabs.Content value="invoices">
            <InvoicesPanel programmeId={programme.id} />
          </Tabs.Content>
          <Tabs.Content value="report">
            <ReportPanel
              programmeId={programme.id}
              code={programme.code}
              billingEmail={company.billingEmail}
            />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </section>
  );
}
