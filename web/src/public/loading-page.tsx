import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Skeleton } from '../components/ui/skeleton';

/**
 * A page still loading its one booking or entry: a busy column with the label for screen readers, a
 * heading's skeleton, then the skeletons given.
 */
export function LoadingPage({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Page display="flex" justifyContent="center">
      <div aria-busy="true" className={css({ w: 'full', maxW: '2xl', display: 'grid', gap: '3' })}>
        <span className={css({ srOnly: true })}>{label}</span>
        <Skeleton h="10" w="60%" />
        {children}
      </div>
    </Page>
  );
}
