import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../app';
import { Toaster } from '../../components/ui/toaster';
import { AuthProvider } from '../../lib/auth';
import { swrConfig } from '../../lib/swr';

export const ADMIN_USER = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  lastLogin: null,
};

type Handler = (init: RequestInit, url: URL) => Response | Promise<Response>;

/** Stubs fetch with `'METHOD /path'` handlers; anything else answers 404. */
export function stubApi(routes: Record<string, Handler | object>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) return Response.json({ success: false, message: 'Not found' }, { status: 404 });
    if (typeof route === 'function') return (route as Handler)(init, url);
    return Response.json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The whole app at `path` (fresh SWR cache). */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const utils = render(<App location={location} swr={{ provider: () => new Map() }} />);
  return { ...utils, location };
}

/** One component with the app's providers. */
export function renderWithProviders(ui: ReactElement) {
  const location = memoryLocation({ path: '/admin/dashboard', record: true });
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <AuthProvider>
        <Router hook={location.hook}>{ui}</Router>
        <Toaster />
      </AuthProvider>
    </SWRConfig>,
  );
}

/** The JSON body of the n-th call to `method path`. */
export function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, path: string, n = 0): unknown {
  const calls = fetchMock.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
  const body = calls[n]?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

/** The server's answer to what cancelling order 7 does (the Cancel Order dialog reads it first). */
export const CANCEL_PREVIEW_ROUTE = {
  'GET /api/admin/registrations/7/status-change': {
    success: true,
    data: {
      allowed: true,
      message: 'Cancelling it frees 1 seat (10 left).',
      seatsTaken: 0,
      seatsFreed: 1,
      seatsLeftAfter: 10,
      owedAgain: '0.00',
      balanceAfter: '0.00',
    },
  },
};
