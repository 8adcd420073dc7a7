import type { ReactNode } from 'react';
import * as Card from '../../components/ui/card';

/**
 * A card headed by its title as a real heading (h1 on a page of its own, h2 inside one) and a
 * description, then its body and, when given, a footer.
 */
export function HeadedCard({
  heading: Heading = 'h2',
  title,
  description,
  children,
  footer,
  ...root
}: {
  heading?: 'h1' | 'h2';
  title: string;
  description: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
} & Omit<Card.RootProps, 'title' | 'children'>) {
  return (
    <Card.Root {...root}>
      <Card.Header>
        <Card.Title asChild>
          <Heading>{title}</Heading>
        </Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      {children ? <Card.Body>{children}</Card.Body> : null}
      {footer ? <Card.Footer>{footer}</Card.Footer> : null}
    </Card.Root>
  );
}
