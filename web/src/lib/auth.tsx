import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { isStaffRole } from './staff-roles';
import { AUTH_TOKEN_KEY, type ApiEnvelope, ApiError, api } from './api';

/** GET /api/admin/user `data` (and `data.user` of the login answer). */
export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  role: string;
  lastLogin: string | null;
}

export interface LoginCredentials {
  username: string;
  password: string;
  /** The TOTP (or recovery) code of a user with a second factor: asked for after the first try. */
  code?: string;
}

export interface AuthContextValue {
  /** The signed-in user, or null (none, or the stored token was refused). */
  user: AdminUser | null;
  /** The token stored under `auth_token` in local storage. */
  token: string | null;
  /** True while a stored token is being resolved into a user. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Signed in with role `admin`. */
  isAdmin: boolean;
  /**
   * Signed in with any staff role (admin, front_desk, finance): the spec's admin-page rules (the
   * back-office instead of the not-allowed card; no booking as a customer) apply to all of them.
   */
  isStaff: boolean;
  /** POST /api/admin/login; stores `data.token` and takes `data.user` (or loads it). Throws ApiError on failure. */
  login: (credentials: LoginCredentials) => Promise<void>;
  /** POST /api/admin/logout, then forgets the token and the user; on failure too, then throws the error. */
  logout: () => Promise<void>;
  /** Forgets a stored token the api refused (no call): it names no signed-in admin any more. */
  forgetToken: () => void;
  /** Keeps the session on a new token (the api ends the old ones after a password change). */
  replaceToken: (token: string) => void;
}

const USER_PATH = '/api/admin/user';
const FIVE_MINUTES = 5 * 60 * 1000;

const AuthContext = createContext<AuthContextValue | null>(null);

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lasts until reload
  }
}

/** GET /api/admin/user: `data` holds the user; 401 means no user. */
async function fetchUser(): Promise<AdminUser | null> {
  try {
    const res = await api.get<ApiEnvelope<AdminUser | null>>(USER_PATH);
    return res?.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(readStoredToken);
  const { mutate: mutateCache } = useSWRConfig();

  // Another tab logging in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_TOKEN_KEY || event.key === null) setToken(readStoredToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Admin user query: fresh for 5 minutes, no retry, no refetch on focus (spec section 9).
  // Keyed by token, so a new login never sees the previous user.
  const { data, error, isLoading, mutate } = useSWR(token ? [USER_PATH, token] : null, fetchUser, {
    dedupingInterval: FIVE_MINUTES,
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    // A failing user fetch (e.g. right after login) is only logged (spec section 8).
    onError: (e: unknown) => console.error('Failed to load the signed-in user', e),
  });

  const login = useCallback(
    async (credentials: LoginCredentials) => {
      const res = await api.post<ApiEnvelope<{ token: string; user?: AdminUser }>>(
        '/api/admin/login',
        credentials,
      );
      const newToken = res?.data?.token;
      if (!newToken) throw new Error('Invalid credentials');
      storeToken(newToken);
      if (res.data.user) await mutateCache([USER_PATH, newToken], res.data.user, { revalidate: false });
      setToken(newToken);
    },
    [mutateCache],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/api/admin/logout');
    } catch (e) {
      // An expired or unknown token is as good as logged out.
      if (!(e instanceof ApiError && e.status === 401)) throw e;
    } finally {
      // spec section 4: the token and the cached user go locally even when the server call fails
      storeToken(null);
      setToken(null);
      await mutate(null, { revalidate: false });
    }
  }, [mutate]);

  const forgetToken = useCallback(() => {
    storeToken(null);
    setToken(null);
  }, []);

  const replaceToken = useCallback(
    (next: string) => {
      // The same user goes on: carry the loaded user over to the new token's cache key.
      if (token && data) void mutateCache([USER_PATH, next], data, { revalidate: false });
      storeToken(next);
      setToken(next);
    },
    [token, data, mutateCache],
  );

  const value = useMemo<AuthContextValue>(() => {
    const user = token && !error ? (data ?? null) : null;
    return {
      user,
      token,
      isLoading: Boolean(token) && isLoading,
      isAuthenticated: user !== null,
      isAdmin: user?.role === 'admin',
      isStaff: user ? isStaffRole(user.role) : false,
      login,
      logout,
      forgetToken,
      replaceToken,
    };
  }, [token, data, error, isLoading, login, logout, forgetToken, replaceToken]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
