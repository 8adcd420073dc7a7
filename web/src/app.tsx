import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { type BaseLocationHook, type BaseSearchHook, Router } from 'wouter';
import { Toaster } from './components/ui/toaster';
import { AuthProvider } from './lib/auth';
import { swrConfig } from './lib/swr';
import { AppRoutes } from './routes';

export interface AppProvidersProps {
  children: ReactNode;
  /** Extra SWR options (tests pass `provider: () => new Map()` for a fresh cache). */
  swr?: SWRConfiguration;
  /** Location hooks for the router (tests pass wouter's `memoryLocation()`); browser history otherwise. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
}

export function AppProviders({ children, swr, location }: AppProvidersProps) {
  return (
    <SWRConfig value={{ ...swrConfig, ...swr }}>
      <AuthProvider>
        <Router hook={location?.hook} searchHook={location?.searchHook}>
          {children}
        </Router>
        <Toaster />
      </AuthProvider>
    </SWRConfig>
  );
}

export function App(props: Omit<AppProvidersProps, 'children'>) {
  return (
    <AppProviders {...props}>
      <AppRoutes />
    </AppProviders>
  );
}
