import type { ReactNode } from 'react';
import { Center, Container, type ContainerProps } from 'styled-system/jsx';
import { Spinner } from '../ui/spinner';

/** The standard page frame: centred, padded, responsive from 360 px. */
export function Page({ children, ...props }: ContainerProps & { children: ReactNode }) {
  return (
    <Container maxW="6xl" w="full" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} {...props}>
      {children}
    </Container>
  );
}

/** Full-area spinner: lazy route chunks loading, auth resolving. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center flex="1" minH="50vh" color="accent.default">
      <Spinner size="lg" label={label} />
    </Center>
  );
}
