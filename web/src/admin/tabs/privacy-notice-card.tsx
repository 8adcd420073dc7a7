import * as Field from '../../components/ui/field';
import type { ApiEnvelope } from '../../lib/api';
import type { PrivacyNotice } from '@hs/contracts';
import { SettingCard, useSettingEditor } from '../components/setting-card';

export const PRIVACY_NOTICE_PATH = '/api/admin/privacy-notice';
export const PRIVACY_NOTICE_MAX = 20_000;

type NoticeAnswer = ApiEnvelope<PrivacyNotice>;

export const PRIVACY_NOTICE_MESSAGES = {
  empty: 'The privacy notice cannot be empty.',
  tooLong: `Keep the notice under ${PRIVACY_NOTICE_MAX.toLocaleString('en-SG')} characters.`,
  saved: 'Privacy notice saved',
  savedDetail: (version: number) => `Bookings from now on record consent to version ${version}.`,
} as const;

export function privacyNoticeProblem(text: string): string | null {
  if (!text.trim()) return PRIVACY_NOTICE_MESSAGES.empty;
  if (text.length > PRIVACY_NOTICE_MAX) return PRIVACY_NOTICE_MESSAGES.tooLong;
  return null;
}

/**
 * The privacy notice the booking form links to (/privacy; issue 24): plain text, blank lines between
 * paragraphs. A changed text becomes the next version, which later bookings record their consent to.
 */
export function PrivacyNoticeCard() {
  const setting = useSettingEditor<NoticeAnswer>({
    path: PRIVACY_NOTICE_PATH,
    what: 'privacy notice',
    text: (answer) => answer.data.text,
    problem: privacyNoticeProblem,
    body: (text) => ({ text }),
    saved: (answer) => [
      PRIVACY_NOTICE_MESSAGES.saved,
      PRIVACY_NOTICE_MESSAGES.savedDetail(answer.data.version),
    ],
  });

  return (
    <SettingCard
      title="Privacy Notice"
      description="Shown at /privacy and linked from the booking form, where customers consent to it. Plain text; leave a blank line between paragraphs. Each change becomes a new version, recorded with later bookings."
      setting={setting}
      skeletonHeight="40"
      submitLabel="Save Privacy Notice"
    >
      {({ data: notice }) => (
        <Field.Root invalid={Boolean(setting.problem)} required>
          <Field.Label>
            Notice text
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Textarea
            name="privacyNotice"
            rows={16}
            value={setting.shown}
            onChange={(e) => setting.change(e.target.value)}
          />
          <Field.HelperText>
            Version {notice.version}
            {notice.updatedAt
              ? `, changed ${new Date(notice.updatedAt).toLocaleString('en-SG', { timeZone: 'Asia/Singapore' })}`
              : ' (the built-in default)'}
          </Field.HelperText>
          <Field.ErrorText>{setting.problem}</Field.ErrorText>
        </Field.Root>
      )}
    </SettingCard>
  );
}
