import { useTranslation, translateMessage as tm } from '../../i18n';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { type ApiEnvelope, errorMessage } from '../../lib/api';

export const PRIVACY_NOTICE_KEY = '/api/privacy-notice';

export interface PrivacyNotice {
  text: string;
  version: number;
  updatedAt: string | null;
}

/** Blank lines separate paragraphs in the stored text (the back-office editor is a plain textarea). */
export function noticeParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** /privacy: the privacy notice the booking form links to (issue 24), as staff wrote it. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR<ApiEnvelope<PrivacyNotice>>(PRIVACY_NOTICE_KEY);
  const notice = data?.data;
  return (
    <Page>
      <title>{`${t('privacyPage.title')} | Health Screening`}</title>
      <article className={css({ maxW: '3xl', mx: 'auto', py: { base: '6', md: '10' } })}>
        <h1
          className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', color: 'fg.default' })}
        >
          {t('privacyPage.title')}
        </h1>
        {isLoading ? <p className={css({ mt: '4', color: 'fg.muted' })}>{t('common.loading')}</p> : null}
        {error ? (
          <p role="alert" className={css({ mt: '4', color: 'fg.error' })}>
            {tm(errorMessage(error, t('privacyPage.loadFailed')))}
          </p>
        ) : null}
        {notice ? (
          <>
            {noticeParagraphs(notice.text).map((p, i) => (
              <p
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text, never reordered
                key={i}
                className={css({ mt: '4', color: 'fg.default', whiteSpace: 'pre-line', lineHeight: '1.7' })}
              >
                {p}
              </p>
            ))}
            <p className={css({ mt: '8', fontSize: 'sm', color: 'fg.muted' })}>
              {t('privacyPage.version', { version: notice.version })}
            </p>
          </>
        ) : null}
      </article>
    </Page>
  );
}
