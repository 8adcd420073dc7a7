import { useTranslation } from '../i18n';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { StateCard } from './state-card';

/** The event page's failure texts (spec section 2), for the screens that load an event. */
export function EventLoadError() {
  const { t } = useTranslation();
  return (
    <StateCard
      title={t('common.error')}
      text={t('event.loadError')}
      action={
        <Button asChild>
          <Link href="/">{t('common.returnHome')}</Link>
        </Button>
      }
    />
  );
}

export function EventNotFound() {
  const { t } = useTranslation();
  return (
    <StateCard
      title={t('event.notFoundTitle')}
      text={t('event.notFoundText')}
      action={
        <Button asChild>
          <Link href="/">{t('common.browseEvents')}</Link>
        </Button>
      }
    />
  );
}

export function EventLoading() {
  const { t } = useTranslation();
  return (
    <Page>
      <div aria-busy="true" className={css({ display: 'grid', gap: '3', maxW: '3xl', mx: 'auto' })}>
        <span className={css({ srOnly: true })}>{t('event.loading')}</span>
        <Skeleton h="10" w="60%" />
        <Skeleton h="24" />
        <Skeleton h="40" />
      </div>
    </Page>
  );
}
