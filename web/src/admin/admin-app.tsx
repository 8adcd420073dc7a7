import { css } from 'styled-system/css';
import { Container, HStack } from 'styled-system/jsx';
import { LogoMark } from '../components/layout/logo';
import * as Card from '../components/ui/card';

/**
 * The admin back-office, loaded as its own chunk for every `/admin` path (see src/routes.tsx).
 * Placeholder until the admin issue: login, protected routes, layout and dashboard tabs go here,
 * with absolute paths (`/admin/login`, `/admin/dashboard`, ...).
 */
export default function AdminApp() {
  return (
    <div className={css({ minH: '100dvh', bg: 'bg.canvas' })}>
      <header className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <HStack h="16" gap="3">
            <LogoMark size={28} />
            <span className={css({ fontWeight: 'bold', fontSize: 'lg' })}>Health Screening Admin</span>
          </HStack>
        </Container>
      </header>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
        <title>Admin | Health Screening</title>
        <Card.Root maxW="xl">
          <Card.Header>
            <Card.Title asChild>
              <h1>Admin back-office</h1>
            </Card.Title>
            <Card.Description>The staff screens are on their way.</Card.Description>
          </Card.Header>
          <Card.Body />
        </Card.Root>
      </Container>
    </div>
  );
}
