import { useTranslation } from '../i18n';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page flex="1" display="flex" alignItems="center" justifyContent="center">
      <title>{`${t('notFound.title')} | Health Screening`}</title>
      <div className={css({ textAlign: 'center', py: { base: '10', md: '16' } })}>
        <h1
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            color: 'fg.default',
          })}
        >
          {t('notFound.title')}
        </h1>
        <p className={css({ mt: '2', color: 'fg.muted' })}>{t('notFound.text')}</p>
        <Button asChild size="lg" mt="8">
          <Link href="/">{t('common.returnHome')}</Link>
        </Button>
      </div>
    </Page>
  );
}
