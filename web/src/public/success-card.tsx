import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { CheckCircleIcon } from '../components/icons';
import * as Card from '../components/ui/card';

/** A centred card with a green tick and a heading: the step after a change went through. */
export function SuccessCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card.Root textAlign="center">
      <Card.Body alignItems="center" gap="3" py="10">
        <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
        <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{title}</h2>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
