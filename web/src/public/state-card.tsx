import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { AlertCircleIcon } from '../components/icons';
import { Page } from '../components/layout/page';
import * as Card from '../components/ui/card';

/** A whole page saying what went wrong (not found, failed to load) with one way out. */
export function StateCard({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Page display="flex" justifyContent="center">
      <Card.Root maxW="lg" w="full" textAlign="center" role="alert">
        <Card.Body alignItems="center" gap="3" py="10">
          <AlertCircleIcon className={css({ w: '10', h: '10', color: 'danger.default' })} />
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
          <p className={css({ color: 'fg.muted' })}>{text}</p>
          <div className={css({ mt: '4' })}>{action}</div>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
