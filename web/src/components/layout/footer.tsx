import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Container } from 'styled-system/jsx';
import { Link } from 'wouter';
import { BRAND_NAME } from './logo';

const footerLink = css({ color: 'fg.muted', textDecoration: 'underline', _hover: { color: 'fg.default' } });

export function Footer() {
  const year = new Date().getFullYear();
  const { t } = useTranslation();
  return (
    <footer
      className={css({
        borderTopWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.default',
        mt: 'auto',
        '@media print': { display: 'none' },
      })}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py="6">
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
            fontSize: 'sm',
            color: 'fg.muted',
          })}
        >
          <p>
            © {year} {BRAND_NAME}. {t('footer.rights')}
          </p>
          <nav aria-label={t('footer.nav')} className={css({ display: 'flex', gap: '4' })}>
            <Link href="/manage-appointment" className={footerLink}>
              {t('header.manageBooking')}
            </Link>
            <Link href="/privacy" className={footerLink}>
              {t('footer.privacy')}
            </Link>
          </nav>
        </div>
      </Container>
    </footer>
  );
}
