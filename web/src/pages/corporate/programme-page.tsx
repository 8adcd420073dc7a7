import { useState } from 'react';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { Notice } from '../../components/notice';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useTranslation } from '../../i18n';
import { type ApiEnvelope, ApiError } from '../../lib/api';
import { programmeKey } from '../../lib/swr-keys';
import { StateCard } from '../../public/state-card';
import { ProgrammeBooking } from './programme-booking';
import {
  type ProgrammePass,
  type PublicProgramme,
  readPass,
  refusalText,
  statusOf,
  storePass,
} from './programme-api';
import { ProgrammeSummary } from './programme-summary';
import { VerifyEmail } from './verify-email';

function Loading() {
  const { t } = useTranslation();
  return (
    <Page>
      <div aria-busy="true" className={css({ display: 'grid', gap: '3', maxW: '3xl', mx: 'auto' })}>
        <span className={css({ srOnly: true })}>{t('corporate.loading')}</span>
        <Skeleton h="10" w="60%" />
        <Skeleton h="24" />
        <Skeleton h="40" />
      </div>
    </Page>
  );
}

/** Whether the programme lets HR see names (the public answer may say so; otherwise ask anyway). */
function asksShareName(programme: PublicProgramme): boolean {
  const flag = (programme as PublicProgramme & { hrSeesNames?: boolean }).hrSeesNames;
  return flag ?? true;
}

/**
 * `/c/{code}` (issue 51): a corporate screening programme. It shows the programme, the company, what
 * is covered and until when; the employee verifies their work email with a 6-digit code, then books
 * in the usual wizard with only the programme's packages, the pass riding with the booking.
 */
export default function ProgrammePage() {
  const { code = '' } = useParams<{ code: string }>();
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<PublicProgramme>>(
    code ? programmeKey(code) : null,
  );
  const [pass, setPass] = useState<ProgrammePass | null>(() => readPass(code));
  /** A refusal said above the steps (pass expired, entitlement used, fully booked). */
  const [refusal, setRefusal] = useState<string | null>(null);

  if ((error instanceof ApiError && error.status === 404) || (data && !data.data)) {
    return (
      <StateCard
        title={t('corporate.notFoundTitle')}
        text={t('corporate.notFoundText')}
        action={
          <Button asChild>
            <Link href="/">{t('common.returnHome')}</Link>
          </Button>
        }
      />
    );
  }
  if (error) {
    return (
      <StateCard
        title={t('common.error')}
        text={t('corporate.loadError')}
        action={<Button onClick={() => void mutate()}>{t('common.tryAgain')}</Button>}
      />
    );
  }
  if (isLoading || !data) return <Loading />;
  const programme = data.data;

  const verified = (next: ProgrammePass) => {
    storePass(code, next);
    setRefusal(null);
    setPass(next);
  };
  const onRefused = (failure: unknown) => {
    const status = statusOf(failure);
    if (status === 401 || status === 410) {
      storePass(code, null);
      setPass(null);
      setRefusal(refusalText(failure, t('corporate.sessionExpired')));
    } else if (status === 409 || status === 403) {
      setRefusal(refusalText(failure, t('corporate.bookingRefused')));
    } else return false;
    window.scrollTo({ top: 0 });
    return true;
  };

  return (
    <Page>
      <title>{`${programme.name} | Health Screening`}</title>
      <div className={css({ display: 'grid', gap: '6', maxW: '3xl', mx: 'auto', minW: 0 })}>
        <ProgrammeSummary programme={programme} />
        {!programme.open ? (
          <Notice tone="warning" ariaRole="alert">
            <span>{t('corporate.closed')}</span>
          </Notice>
        ) : pass ? (
          <>
            {refusal ? (
              <Notice tone="danger" data-testid="programme-alert">
                <span>{refusal}</span>
              </Notice>
            ) : null}
            <ProgrammeBooking
              programme={programme}
              pass={pass}
              askShareName={asksShareName(programme)}
              onRefused={onRefused}
            />
          </>
        ) : (
          <VerifyEmail key={refusal ?? 'first'} code={code} notice={refusal} onVerified={verified} />
        )}
      </div>
    </Page>
  );
}
