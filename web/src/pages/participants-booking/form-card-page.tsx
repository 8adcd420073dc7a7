import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import * as Card from '../../components/ui/card';

/**
 * A participants-flow page that is one form in a card: the tab title, the page's heading and the
 * line under it, then the card whose form calls `onSubmit` (the browser's own checks off: the page
 * says what is missing).
 */
export function FormCardPage({
  tabTitle,
  heading,
  subtitle,
  onSubmit,
  children,
}: {
  tabTitle: string;
  heading: string;
  subtitle: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Page>
      <title>{tabTitle}</title>
      <div className={css({ maxW: '3xl', mx: 'auto', display: 'grid', gap: '5' })}>
        <header>
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{heading}</h1>
          <p className={css({ color: 'fg.muted', mt: '1' })}>{subtitle}</p>
        </header>
        <Card.Root>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {children}
          </form>
        </Card.Root>
      </div>
    </Page>
  );
}
