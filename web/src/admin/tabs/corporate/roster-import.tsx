import type { RosterPreview } from '@hs/contracts';
import { type ChangeEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { Notice } from '../../../components/notice';
import { Button } from '../../../components/ui/button';
import * as Dialog from '../../../components/ui/dialog';
import * as Field from '../../../components/ui/field';
import * as Table from '../../../components/ui/table';
import { type ApiEnvelope, ApiError, api } from '../../../lib/api';
import { failureMessage, toastSuccess } from '../../lib/admin-api';
import { CORPORATE_PATHS } from './paths';

const HEADER = 'employee_id,name,work_email,department,site';

/** A refused import's errors (400): `{field: "row 3 work_email", message}` read back as rows. */
function rowErrorsOf(error: unknown): RosterPreview['errors'] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { errors?: { field?: string; message?: string }[] } | undefined;
  return (body?.errors ?? []).map((e) => {
    const match = /^row (\d+)\s*(.*)$/.exec(e.field ?? '');
    return {
      row: match ? Number(match[1]) : 0,
      field: match ? match[2] || '' : (e.field ?? ''),
      message: e.message ?? '',
    };
  });
}

/** A chosen file's text (FileReader: every browser, and the tests' DOM). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** What the import will do: the counts, and every row's error by row number and field. */
function PreviewResult({ preview }: { preview: RosterPreview }) {
  const counts = [
    ['Rows', preview.rows],
    ['Added', preview.added],
    ['Updated', preview.updated],
    ['Unchanged', preview.unchanged],
    ['Removed', preview.removed],
  ] as const;
  return (
    <Stack gap="3" data-testid="roster-preview">
      <dl className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', textStyle: 'sm' })}>
        {counts.map(([label, n]) => (
          <div key={label} className={css({ display: 'flex', gap: '1' })}>
            <dt className={css({ color: 'fg.muted' })}>{label}:</dt>
            <dd className={css({ fontWeight: 'semibold' })}>{n}</dd>
          </div>
        ))}
      </dl>
      {preview.valid ? (
        <Notice tone="info" size="sm">
          <span>
            No errors.{' '}
            {preview.removed > 0 ? `${preview.removed} employees not in the file will be removed. ` : ''}
            Nothing is saved until you confirm.
          </span>
        </Notice>
      ) : (
        <>
          <Notice tone="danger" size="sm">
            <span>
              {preview.errors.length} {preview.errors.length === 1 ? 'error' : 'errors'}: fix the file and
              check it again. Nothing is imported while any row has an error.
            </span>
          </Notice>
          <Table.Root caption="Roster errors">
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">Row</Table.Header>
                <Table.Header scope="col">Field</Table.Header>
                <Table.Header scope="col">Error</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {preview.errors.map((e) => (
                <Table.Row key={`${e.row}-${e.field}-${e.message}`}>
                  <Table.Cell>{e.row}</Table.Cell>
                  <Table.Cell>
                    <code>{e.field}</code>
                  </Table.Cell>
                  <Table.Cell>{e.message}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}
    </Stack>
  );
}

/**
 * A roster import (issue 51): paste the CSV or choose a file, check it (nothing saved: the counts and
 * each row's errors), then "Import N employees", all or nothing. Editing the text asks for a new check.
 */
export function RosterImportDialog({
  programmeId,
  open,
  onOpenChange,
  onImported,
}: {
  programmeId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  const edit = (text: string) => {
    setCsv(text);
    setPreview(null);
    setFailure(null);
  };

  async function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (file) edit(await readText(file));
  }

  async function check() {
    setBusy('check');
    setFailure(null);
    try {
      const res = await api.post<ApiEnvelope<RosterPreview>>(CORPORATE_PATHS.rosterPreview(programmeId), {
        csv,
      });
      setPreview(res.data);
    } catch (error) {
      setPreview(null);
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!preview?.valid) return;
    setBusy('import');
    setFailure(null);
    try {
      const res = await api.post<ApiEnvelope<RosterPreview>>(CORPORATE_PATHS.roster(programmeId), { csv });
      toastSuccess(
        'Roster imported',
        `${res.data.added} added, ${res.data.updated} updated, ${res.data.removed} removed.`,
      );
      onImported();
      onOpenChange(false);
    } catch (error) {
      const errors = rowErrorsOf(error);
      if (errors.length && preview) setPreview({ ...preview, valid: false, errors });
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const importable = preview?.rows ?? 0;
  return (
    <Dialog.Root size="lg" open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>Import Roster</Dialog.Title>
          <Dialog.Description>
            A CSV with a header row: <code>{HEADER}</code> (department and site optional). Employees not in
            the file are removed from the roster.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4" pb="2">
            <div className={css({ display: 'grid', gap: '1.5' })}>
              <label htmlFor="roster-file" className={css({ textStyle: 'sm', fontWeight: 'medium' })}>
                CSV file
              </label>
              <input
                id="roster-file"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => void chooseFile(e)}
                className={css({ textStyle: 'sm' })}
              />
            </div>
            <Field.Root>
              <Field.Label>Or paste the CSV</Field.Label>
              <Field.Textarea
                rows={8}
                value={csv}
                placeholder={`${HEADER}\nE001,Tan Mei Ling,mei.tan@acme.com,Finance,HQ`}
                className={css({ fontFamily: 'mono', textStyle: 'xs' })}
                onChange={(e) => edit(e.target.value)}
              />
            </Field.Root>
            <HStack>
              <Button
                variant="outline"
                disabled={!csv.trim() || busy !== null}
                loading={busy === 'check'}
                loadingText="Checking..."
                onClick={() => void check()}
              >
                Check file
              </Button>
            </HStack>
            {failure ? (
              <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
                {failure}
              </p>
            ) : null}
            {preview ? <PreviewResult preview={preview} /> : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" disabled={busy === 'import'} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!preview?.valid || busy !== null}
            loading={busy === 'import'}
            loadingText="Importing..."
            onClick={() => void confirm()}
          >
            {`Import ${importable} ${importable === 1 ? 'employee' : 'employees'}`}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
