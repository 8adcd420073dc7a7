import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { card } from 'styled-system/recipes';

/**
 *   <Card.Root variant="elevated|outline|subtle">
 *     <Card.Header><Card.Title>…</Card.Title><Card.Description>…</Card.Description></Card.Header>
 *     <Card.Body>…</Card.Body>
 *     <Card.Footer>…buttons</Card.Footer>
 *   </Card.Root>
 * `Card.Title` is an h3; pass `asChild` with another heading level when the outline needs it.
 */
const { withProvider, withContext } = createStyleContext(card);

export const Root = withProvider(ark.div, 'root');
export const Header = withContext(ark.div, 'header');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.div, 'footer');
export const Title = withContext(ark.h3, 'title');
export const Description = withContext(ark.p, 'description');

export type RootProps = ComponentProps<typeof Root>;
