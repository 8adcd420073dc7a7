import { languageOrDefault } from '@hs/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import useSWR from 'swr';
import { useParams } from 'wouter';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { type ApiEnvelope, api, isApiError } from '../../lib/api';
import { SMS_OPT_OUT_TEXTS } from './texts';

interface OptOutStatus {
  optedOut: boolean;
  optedOutAt: string | null;
}

/** /sms-opt-out/:token: the link in every reminder (issue 26); stops the booking's SMS reminders. */
export default function SmsOptOutPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { i18n } = useTranslation();
  const t = SMS_OPT_OUT_TEXTS[languageOrDefault(i18n.language)];
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
      <title>{`${t.title} | Health Screening`}</title>
      <section className={css({ maxW: 'xl', mx: 'auto', py: { base: '6', md: '10' }, px: '4' })}>
        <h1
          className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', color: 'fg.default' })}
        >
          {t.title}
        </h1>
        {isLoading ? <p className={css({ mt: '4', color: 'fg.muted' })}>{t.loading}</p> : null}
        {error ? (
          <p role="alert" className={css({ mt: '4', color: 'fg.error' })}>
            {invalid ? t.invalid : t.failed}
          </p>
        ) : null}
        {status?.optedOut ? (
          <p role="status" className={css({ mt: '4', color: 'fg.default' })}>
            {t.done}
          </p>
        ) : null}
        {status && !status.optedOut ? (
          <>
            <p className={css({ mt: '4', color: 'fg.default', lineHeight: '1.7' })}>{t.explain}</p>
            <div className={css({ mt: '6' })}>
              <Button onClick={optOut} disabled={pending}>
                {pending ? t.pending : t.button}
              </Button>
            </div>
            {failed ? (
              <p role="alert" className={css({ mt: '4', color: 'fg.error' })}>
                {t.failed}
              </p>
            ) : null}
          </>
        ) : null}
      </section>
    </Page>
  );
}
