import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { Footer } from './footer';
import { Header } from './header';

const skipLink = css({
  position: 'absolute',
  left: '4',
  top: '-20',
  zIndex: 'skipLink',
  bg: 'bg.default',
  color: 'accent.text',
  px: '4',
  py: '2',
  borderRadius: 'l2',
  boxShadow: 'raised',
  fontWeight: 'semibold',
  _focus: { top: '3' },
});

/** Header, main landmark and footer around every public page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minH: '100dvh' })}>
      <a href="#main" className={skipLink}>
        {t('header.skipToContent')}
      </a>
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className={css({ flex: '1', display: 'flex', flexDirection: 'column', outline: 'none' })}
      >
        {children}
      </main>
      <Footer />
    </div>
  );
}
