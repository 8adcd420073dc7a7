import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth';
import { swrConfig } from './swr';

const admin = { id: 1, username: 'admin', email: 'admin@example.com', role: 'admin', lastLogin: null };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <AuthProvider>{children}</AuthProvider>
    </SWRConfig>
  );
}

function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => handler(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthProvider', () => {
  it('has no user and makes no call without a stored token', () => {
    const fetchMock = stubFetch(() => Response.json({}));
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toBeNull();
    expect(result.current.isLoading).toBe(false);
    expect(result.current.isAuthenticated).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the user for a stored token', async () => {
    localStorage.setItem('auth_token', 'tok');
    stubFetch((url) =>
      url === '/api/admin/user'
        ? Response.json({ success: true, data: admin })
        : new Response('', { status: 404 }),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.user).toEqual(admin));
    expect(result.current.isAdmin).toBe(true);
    expect(result.current.isLoading).toBe(false);
  });

  it('treats a 401 from /api/admin/user as no user, without retrying', async () => {
    localStorage.setItem('auth_token', 'expired');
    const fetchMock = stubFetch(() =>
      Response.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.token).toBe('expired');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs in: posts the credentials, stores the token and takes the user from the answer', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/admin/login'
        ? Response.json({ success: true, data: { token: 'new-token', user: admin } })
        : new Response('unexpected', { status: 500 }),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.login({ username: 'admin', password: 'secret' }));

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"admin","password":"secret"}');
    expect(localStorage.getItem('auth_token')).toBe('new-token');
    expect(result.current.user).toEqual(admin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("rejects with the server's error on a failed login and stores nothing", async () => {
    stubFetch(() => Response.json({ success: false, message: 'Invalid credentials' }, { status: 401 }));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await expect(result.current.login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Invalid credentials',
    });
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('logs out: posts to /api/admin/logout with the bearer token, then forgets it', async () => {
    localStorage.setItem('auth_token', 'tok');
    const fetchMock = stubFetch((url) =>
      url === '/api/admin/user'
        ? Response.json({ success: true, data: admin })
        : Response.json({ success: true }),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await act(() => result.current.logout());

    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(logoutCall?.[1]?.body).toBeUndefined();
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
  });
});
