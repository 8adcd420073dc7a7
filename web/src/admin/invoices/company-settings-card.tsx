import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import type { CompanySettingsInput, CompanySettingsView } from '@hs/contracts';
import { companySettingsProblems } from '@hs/domain';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, api } from '../../lib/api';
import { failureMessage, toastError, toastSuccess } from '../lib/admin-api';

export const COMPANY_SETTINGS_PATH = '/api/admin/company-settings';
export const NO_GST_EXPLANATION =
  "Without a GST registration number, documents are issued as 'Invoice' without GST lines";

type Answer = ApiEnvelope<CompanySettingsView>;
const FIELDS: { name: keyof CompanySettingsInput; label: string; hint?: string; optional?: true }[] = [
  { name: 'companyName', label: 'Company name' },
  { name: 'address', label: 'Address' },
  { name: 'uen', label: 'UEN', hint: 'e.g. 201912345K' },
  {
    name: 'gstRegistrationNumber',
    label: 'GST registration number',
    hint: 'e.g. M90000000A; empty if not registered',
    optional: true,
  },
  { name: 'invoicePrefix', label: 'Invoice number prefix', hint: 'HS gives HS-2026-000123' },
  // issue 46: shown in the public site's footer and in every email's
  {
    name: 'contactPhone',
    label: 'Contact phone',
    hint: '+65 and 8 digits, e.g. +65 6123 4567; shown on the site and in emails',
    optional: true,
  },
  {
    name: 'contactEmail',
    label: 'Contact email',
    hint: 'e.g. hello@clinic.sg; shown on the site and in emails',
    optional: true,
  },
];

/** Admin: the supplier printed on tax invoices and credit notes (issue 25). */
export function CompanySettingsCard() {
  const { data, error, isLoading, mutate } = useSWR<Answer>(COMPANY_SETTINGS_PATH);
  const [typed, setTyped] = useState<Partial<CompanySettingsInput>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const saved = data?.data;
  const value = (k: keyof CompanySettingsInput) => typed[k] ?? saved?.[k] ?? '';
  const current = (): Required<CompanySettingsInput> => ({
    companyName: value('companyName').trim(),
    address: value('address').trim(),
    uen: value('uen').trim().toUpperCase(),
    gstRegistrationNumber: value('gstRegistrationNumber').trim().toUpperCase(),
    invoicePrefix: value('invoicePrefix').trim().toUpperCase(),
    contactPhone: value('contactPhone').trim(),
    contactEmail: value('contactEmail').trim().toLowerCase(),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input = current();
    const found = companySettingsProblems(input);
    setProblems(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const answer = await api.put<Answer>(COMPANY_SETTINGS_PATH, input);
      await mutate(answer, { revalidate: false });
      setTyped({});
      toastSuccess('Company settings saved', 'Documents issued from now on carry them.');
    } catch (e) {
      toastError(`Failed to save the company settings: ${failureMessage(e)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Company and Invoices</Card.Title>
        <Card.Description>
          The supplier on tax invoices and credit notes. Issued documents never change: a change here applies
          to documents issued from now on.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h="40" aria-label="Loading company settings" />
        ) : error || !saved ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Failed to load the company settings: {failureMessage(error)}
          </p>
        ) : (
          <form onSubmit={save} noValidate>
            <Stack gap="3">
              {FIELDS.map((f) => (
                <Field.TextField
                  key={f.name}
                  label={f.label}
                  name={f.name}
                  helperText={f.hint}
                  required={!f.optional}
                  value={value(f.name)}
                  error={problems[f.name]}
                  onChange={(e) => setTyped((t) => ({ ...t, [f.name]: e.target.value }))}
                />
              ))}
              {current().gstRegistrationNumber === '' ? (
                <p role="status" className={css({ color: 'fg.muted', textStyle: 'sm' })}>
                  {NO_GST_EXPLANATION}.
                </p>
              ) : null}
              <Button type="submit" loading={pending} loadingText="Saving..." alignSelf="flex-start">
                Save Company Settings
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
