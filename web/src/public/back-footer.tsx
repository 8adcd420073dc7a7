import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeftIcon } from '../components/icons';
import { Button } from '../components/ui/button';
import * as Card from '../components/ui/card';

/**
 * A public card's footer: the outlined Back (a link to `back`, or a button calling it) at the left,
 * the way on (`children`) at the right, wrapping on a phone.
 */
export function BackFooter({
  back,
  label,
  disabled,
  children,
}: {
  back: string | (() => void);
  label: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const content = (
    <>
      <ArrowLeftIcon />
      {label}
    </>
  );
  return (
    <Card.Footer justifyContent="space-between" gap="3" flexWrap="wrap">
      {typeof back === 'string' ? (
        <Button asChild variant="outline">
          <Link href={back}>{content}</Link>
        </Button>
      ) : (
        <Button variant="outline" disabled={disabled} onClick={back}>
          {content}
        </Button>
      )}
      {children}
    </Card.Footer>
  );
}
