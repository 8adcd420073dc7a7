import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { center } from 'styled-system/patterns';
import { LogoMark } from '../../components/layout/logo';
import { HeadedCard } from './headed-card';

/** A page reached before signing in (login, set password): the logo and one card, centred. */
export function AuthCardPage({
  documentTitle,
  title,
  description,
  children,
}: {
  documentTitle: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className={center({ minH: '100dvh', bg: 'bg.canvas', px: '4', py: '10' })}>
      <title>{documentTitle}</title>
      <Stack gap="6" w="full" maxW="sm">
        <Stack align="center" gap="2">
          <LogoMark size={40} />
          <p className={css({ fontWeight: 'bold', fontSize: 'lg' })}>Health Screening Admin</p>
        </Stack>
        <HeadedCard heading="h1" title={title} description={description}>
          {children}
        </HeadedCard>
      </Stack>
    </main>
  );
}
