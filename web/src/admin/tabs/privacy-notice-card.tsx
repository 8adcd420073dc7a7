import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, api } from '../../lib/api';
import type { PrivacyNotice } from '@hs/contracts';
import { failureMessage, toastError, toastSuccess } from '../lib/admin-api';

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
  const { data, error, isLoading, mutate } = useSWR<NoticeAnswer>(PRIVACY_NOTICE_PATH);
  // null: show the saved text
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const notice = data?.data;
  const shown = typed ?? notice?.text ?? '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = privacyNoticeProblem(shown);
    setProblem(found);
    if (found) return;
    setPending(true);
    try {
      const answer = await api.put<NoticeAnswer>(PRIVACY_NOTICE_PATH, { text: shown });
      await mutate(answer, { revalidate: false });
      setTyped(null);
      toastSuccess(PRIVACY_NOTICE_MESSAGES.saved, PRIVACY_NOTICE_MESSAGES.savedDetail(answer.data.version));
    } catch (e) {
      toastError(`Failed to save the privacy notice: ${failureMessage(e)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Privacy Notice</Card.Title>
        <Card.Description>
          Shown at /privacy and linked from the booking form, where customers consent to it. Plain text; leave
          a blank line between paragraphs. Each change becomes a new version, recorded with later bookings.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h="40" aria-label="Loading privacy notice" />
        ) : error || !notice ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Failed to load the privacy notice: {failureMessage(error)}
          </p>
        ) : (
          <form onSubmit={save} noValidate>
            <Stack gap="3" alignItems="stretch">
              <Field.Root invalid={Boolean(problem)} required>
                <Field.Label>
                  Notice text
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Textarea
                  name="privacyNotice"
                  rows={16}
                  value={shown}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    if (problem) setProblem(privacyNoticeProblem(e.target.value));
                  }}
                />
                <Field.HelperText>
                  Version {notice.version}
                  {notice.updatedAt
                    ? `, changed ${new Date(notice.updatedAt).toLocaleString('en-SG', { timeZone: 'Asia/Singapore' })}`
                    : ' (the built-in default)'}
                </Field.HelperText>
                <Field.ErrorText>{problem}</Field.ErrorText>
              </Field.Root>
              <div>
                <Button type="submit" loading={pending} loadingText="Saving...">
                  Save Privacy Notice
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
