import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, type PrivacySettings } from '@hs/contracts';
import * as Field from '../../components/ui/field';
import type { ApiEnvelope } from '../../lib/api';
import { SettingCard, useSettingEditor } from '../components/setting-card';

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
  const setting = useSettingEditor<ApiEnvelope<PrivacySettings>>({
    path: PRIVACY_SETTINGS_PATH,
    what: 'retention period',
    text: (answer) => String(answer.data.retentionDays),
    problem: retentionProblem,
    body: (text) => ({ retentionDays: Number(text) }),
    saved: (answer) => [
      RETENTION_MESSAGES.saved,
      `Personal data is erased ${answer.data.retentionDays} days after the appointment.`,
    ],
  });

  return (
    <SettingCard
      title="Retention of Personal Data"
      description="Days after an order's appointment when its personal data is erased automatically. The order, its amounts and statuses stay."
      setting={setting}
      skeletonHeight="16"
      submitLabel="Save Retention"
      maxW="xs"
    >
      {() => (
        <Field.Root invalid={Boolean(setting.problem)} required>
          <Field.Label>
            Retention (days)
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Input
            name="retentionDays"
            inputMode="numeric"
            value={setting.shown}
            onChange={(e) => setting.change(e.target.value)}
          />
          <Field.HelperText>
            {RETENTION_DAYS_MIN} to {RETENTION_DAYS_MAX} days
          </Field.HelperText>
          <Field.ErrorText>{setting.problem}</Field.ErrorText>
        </Field.Root>
      )}
    </SettingCard>
  );
}
