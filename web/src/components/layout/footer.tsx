import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Container } from 'styled-system/jsx';
import { BRAND_NAME } from './logo';

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
        <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: { base: 'center', md: 'left' } })}>
          © {year} {BRAND_NAME}. {t('footer.rights')}
        </p>
      </Container>
    </footer>
  );
}
