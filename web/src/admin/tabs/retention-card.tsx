import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, type PrivacySettings } from '@hs/contracts';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, api } from '../../lib/api';
import { failureMessage, toastError, toastSuccess } from '../lib/admin-api';

export const PRIVACY_SETTINGS_PATH = '/api/admin/privacy-settings';

export const RETENTION_MESSAGES = {
  range: `Enter a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}.`,
  saved: 'Retention period saved',
} as const;

export function retentionProblem(text: string): string | null {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= RETENTION_DAYS_MIN && n <= RETENTION_DAYS_MAX
    ? null
    : RETENTION_MESSAGES.range;
}

/**
 * How long personal data is kept after the appointment (issue 24): the worker erases it once the
 * period is over. Admin only, like the privacy notice beside it.
 */
export function RetentionCard() {
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<PrivacySettings>>(PRIVACY_SETTINGS_PATH);
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const shown = typed ?? (data ? String(data.data.retentionDays) : '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = retentionProblem(shown);
    setProblem(found);
    if (found) return;
    setPending(true);
    try {
      const answer = await api.put<ApiEnvelope<PrivacySettings>>(PRIVACY_SETTINGS_PATH, {
        retentionDays: Number(shown),
      });
      await mutate(answer, { revalidate: false });
      setTyped(null);
      toastSuccess(
        RETENTION_MESSAGES.saved,
        `Personal data is erased ${answer.data.retentionDays} days after the appointment.`,
      );
    } catch (e) {
      toastError(`Failed to save the retention period: ${failureMessage(e)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Retention of Personal Data</Card.Title>
        <Card.Description>
          Days after an order's appointment when its personal data is erased automatically. The order, its
          amounts and statuses stay.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h="16" aria-label="Loading retention period" />
        ) : error || !data ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Failed to load the retention period: {failureMessage(error)}
          </p>
        ) : (
          <form onSubmit={save} noValidate>
            <Stack gap="3" alignItems="stretch" maxW="xs">
              <Field.Root invalid={Boolean(problem)} required>
                <Field.Label>
                  Retention (days)
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input
                  name="retentionDays"
                  inputMode="numeric"
                  value={shown}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    if (problem) setProblem(retentionProblem(e.target.value));
                  }}
                />
                <Field.HelperText>
                  {RETENTION_DAYS_MIN} to {RETENTION_DAYS_MAX} days
                </Field.HelperText>
                <Field.ErrorText>{problem}</Field.ErrorText>
              </Field.Root>
              <div>
                <Button type="submit" loading={pending} loadingText="Saving...">
                  Save Retention
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
