import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import useSWR from 'swr';
import { useParams } from 'wouter';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { type ApiEnvelope, api, isApiError } from '../../lib/api';

interface OptOutStatus {
  optedOut: boolean;
  optedOutAt: string | null;
}

/** /sms-opt-out/:token: the link in every reminder (issue 26); stops the booking's SMS reminders. */
export default function SmsOptOutPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { t } = useTranslation();
  const key = `/api/sms-opt-out/${encodeURIComponent(token)}`;
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<OptOutStatus>>(key);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const optOut = async () => {
    setPending(true);
    setFailed(false);
    try {
      await mutate(await api.post<ApiEnvelope<OptOutStatus>>(key), { revalidate: false });
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };
  const status = data?.data;
  const invalid = isApiError(error) && error.status === 404;
  return (
    <Page>
      <title>{`${t('smsOptOut.title')} | Health Screening`}</title>
      <section className={css({ maxW: 'xl', mx: 'auto', py: { base: '6', md: '10' }, px: '4' })}>
        <h1
          className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', color: 'fg.default' })}
        >
          {t('smsOptOut.title')}
        </h1>
        {isLoading ? <p className={css({ mt: '4', color: 'fg.muted' })}>{t('smsOptOut.loading')}</p> : null}
        {error ? (
          <p role="alert" className={css({ mt: '4', color: 'fg.error' })}>
            {invalid ? t('smsOptOut.invalid') : t('smsOptOut.failed')}
          </p>
        ) : null}
        {status?.optedOut ? (
          <p role="status" className={css({ mt: '4', color: 'fg.default' })}>
            {t('smsOptOut.done')}
          </p>
        ) : null}
        {status && !status.optedOut ? (
          <>
            <p className={css({ mt: '4', color: 'fg.default', lineHeight: '1.7' })}>
              {t('smsOptOut.explain')}
            </p>
            <div className={css({ mt: '6' })}>
              <Button onClick={optOut} disabled={pending}>
                {pending ? t('smsOptOut.pending') : t('smsOptOut.button')}
              </Button>
            </div>
            {failed ? (
              <p role="alert" className={css({ mt: '4', color: 'fg.error' })}>
                {t('smsOptOut.failed')}
              </p>
            ) : null}
          </>
        ) : null}
      </section>
    </Page>
  );
}
