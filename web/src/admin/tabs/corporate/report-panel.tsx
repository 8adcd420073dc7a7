import type { ProgrammeReport } from '@hs/contracts';
import { type FormEvent, useRef, useState } from 'react';
import useSWR from 'swr';
import { HStack, Stack } from 'styled-system/jsx';
import { DownloadIcon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import * as Field from '../../../components/ui/field';
import { type ApiEnvelope, api } from '../../../lib/api';
import { type ReportLabels, ReportView } from '../../../pages/programme-report/report-view';
import { FormDialog } from '../../components/form-dialog';
import { ListState } from '../../components/section';
import { failureMessage, formatAdminDateTime, toastError, toastSuccess } from '../../lib/admin-api';
import { saveBlob } from '../../lib/orders';
import { CORPORATE_PATHS } from './paths';

/** The back office speaks English. */
const LABELS: ReportLabels = {
  totals: 'Totals',
  byGroup: 'By department and site',
  names: 'Employees who agreed to be named',
  namesHidden: 'This programme does not show names to HR.',
  noNames: 'No employee has agreed to be named yet.',
  department: 'Department',
  site: 'Site',
  none: '—',
  rosterSize: 'On the roster',
  booked: 'Booked',
  attended: 'Attended',
  noShows: 'No-shows',
  notYetBooked: 'Not yet booked',
  name: 'Name',
  status: 'Status',
  statusBooked: 'Booked',
  statusAttended: 'Attended',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The report's CSV with the bearer token (api.get adds it), saved as a file. */
async function downloadCsv(programmeId: number, code: string) {
  try {
    const blob = await api.get<Blob>(CORPORATE_PATHS.reportCsv(programmeId), undefined, {
      responseType: 'blob',
      headers: { Accept: 'text/csv' },
    });
    saveBlob(blob, `programme-${code}-report.csv`);
  } catch (error) {
    toastError(`Failed to download the report: ${failureMessage(error)}`, 'Download failed');
  }
}

/** Emails a company contact an expiring, read-only link to the report. */
function ReportLinkDialog({
  programmeId,
  defaultEmail,
  onOpenChange,
}: {
  programmeId: number;
  defaultEmail: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [days, setDays] = useState('14');
  const [errors, setErrors] = useState<{ email?: string; days?: string }>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(days);
    const next = {
      ...(EMAIL.test(email.trim()) ? {} : { email: 'Email must be an email address' }),
      ...(Number.isInteger(n) && n >= 1 && n <= 90
        ? {}
        : { days: 'Days must be a whole number from 1 to 90' }),
    };
    setErrors(next);
    if (Object.keys(next).length) return;
    setPending(true);
    setFailure(null);
    try {
      const res = await api.post<ApiEnvelope<{ message: string; expiresAt: string }>>(
        CORPORATE_PATHS.reportLink(programmeId),
        { email: email.trim(), days: n },
      );
      toastSuccess(
        'Report link sent',
        `${email.trim()} can open it until ${formatAdminDateTime(res.data.expiresAt)}.`,
      );
      onOpenChange(false);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Email Report Link"
      description="A read-only link to this report, for a company contact. It stops working after the days given."
      submitLabel="Send link"
      pending={pending}
      onSubmit={(e) => void submit(e)}
      formRef={formRef}
      size="sm"
      failure={failure}
    >
      <Field.TextField
        label="Email"
        type="email"
        required
        name="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field.TextField
        label="Days the link works"
        inputMode="numeric"
        required
        name="days"
        value={days}
        error={errors.days}
        onChange={(e) => setDays(e.target.value)}
      />
    </FormDialog>
  );
}

/** A programme's report as HR sees it, its CSV, and the link for HR. */
export function ReportPanel({
  programmeId,
  code,
  billingEmail,
}: {
  programmeId: number;
  code: string;
  billingEmail: string;
}) {
  const { data, error, isLoading } = useSWR<ApiEnvelope<ProgrammeReport>>(
    CORPORATE_PATHS.report(programmeId),
  );
  const [linkOpen, setLinkOpen] = useState(false);
  return (
    <Stack gap="4">
      <HStack gap="2" flexWrap="wrap" justify="flex-end">
        <Button variant="outline" onClick={() => void downloadCsv(programmeId, code)}>
          <DownloadIcon />
          Download CSV
        </Button>
        <Button onClick={() => setLinkOpen(true)}>Email report link</Button>
      </HStack>
      <ListState isLoading={isLoading} error={error} isEmpty={!data?.data} empty="No report yet.">
        {data?.data ? <ReportView report={data.data} labels={LABELS} /> : null}
      </ListState>
      {linkOpen ? (
        <ReportLinkDialog programmeId={programmeId} defaultEmail={billingEmail} onOpenChange={setLinkOpen} />
      ) : null}
    </Stack>
  );
}
