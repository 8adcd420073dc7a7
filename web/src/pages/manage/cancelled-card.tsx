import type { ReactNode } from 'react';
import { Trans, useTranslation, translateMessage as tm } from '../../i18n';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import { money } from '../../public/money';
import { RESERVATION_MESSAGES } from '../../public/reservation-messages';
import { SuccessCard } from '../../public/success-card';
import type { RegistrationLookup } from '../../public/types';

/**
 * 'Appointment Cancelled': the reference, how much is refunded and when, and Book again first
 * (issue 46). `more`: the page's other buttons (the cancel page's 'Cancel Another Appointment').
 */
export function CancelledCard({
  reference,
  refund,
  more,
}: {
  reference: string;
  refund: RegistrationLookup['cancellationRefund'] | undefined;
  more?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SuccessCard title={t('cancelPage.doneTitle')}>
      <p className={css({ color: 'fg.muted' })}>
        <Trans i18nKey="cancelPage.doneText" values={{ reference }} components={{ strong: <strong /> }} />
      </p>
      {refund?.kind === 'automatic' ? (
        <p data-testid="cancelled-refund" className={css({ mt: '3' })}>
          {t('cancelPage.refundDone', { amount: money(refund.amount) })} {t('cancelPage.refundTiming')}
        </p>
      ) : refund?.kind === 'review' ? (
        <p data-testid="cancelled-refund" className={css({ mt: '3' })}>
          {tm(RESERVATION_MESSAGES.refundReview)}
        </p>
      ) : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '4' })}>
        <Button asChild>
          <Link href="/">{t('cancelPage.bookAgain')}</Link>
        </Button>
        {more}
      </div>
    </SuccessCard>
  );
}
