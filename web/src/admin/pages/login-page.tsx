import { adminLoginSchema } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { Stack } from 'styled-system/jsx';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { AuthCardPage } from '../components/auth-card-page';
import { Notice } from '../../components/notice';
import { useForm } from '../lib/use-form';

/** The server's message for a failed login, if any. */
function loginFailureMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** A 401 that asks for the second factor: the password was right, a TOTP code is needed. */
function needsCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const errors = (error.body as { errors?: { field: string }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => e.field === 'code');
}

/**
 * /admin/login: Username, Password, 'Login'; a signed-in user goes straight to the dashboard. A user
 * with a second factor then gets a code field and signs in again with it (issue 23).
 */
export default function LoginPage() {
  const { login, isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm(adminLoginSchema, { username: '', password: '' });
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');

  useEffect(() => {
    if (isAuthenticated) navigate('/admin/dashboard', { replace: true });
  }, [isAuthenticated, navigate]);

  /** The last attempt's "Login failed" toast: dismissed once an attempt succeeds (issue 45). */
  const failedToast = useRef<string | null>(null);

  const onSubmit = form.handleSubmit(async (credentials) => {
    setFailure(null);
    setPending(true);
    try {
      await login(askCode ? { ...credentials, code: code.trim() } : credentials);
      if (failedToast.current) toaster.remove(failedToast.current);
      failedToast.current = null;
      toaster.create({ title: 'Login successful', description: 'You are now logged in', type: 'success' });
      navigate('/admin/dashboard', { replace: true });
    } catch (error) {
      if (needsCode(error) && !askCode) {
        setAskCode(true);
        return;
      }
      const message = loginFailureMessage(error);
      if (failedToast.current) toaster.remove(failedToast.current);
      failedToast.current = toaster.create({
        title: 'Login failed',
        description: message || 'Invalid credentials',
        type: 'error',
      });
      setFailure(message || 'An error occurred during login');
    } finally {
      setPending(false);
    }
  });

  return (
    <AuthCardPage
      documentTitle="Admin Login | Health Screening"
      title="Admin Login"
      description="Sign in with your admin account."
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {failure ? (
            <Notice tone="danger" size="sm">
              <span>{failure}</span>
            </Notice>
          ) : null}
          <Field.TextField label="Username" autoComplete="username" required {...form.field('username')} />
          <Field.TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          {askCode ? (
            <Field.TextField
              label="Authentication code"
              helperText="The 6-digit code from your authenticator app, or a recovery code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          ) : null}
          <Button type="submit" fullWidth loading={pending} loadingText="Logging in...">
            Login
          </Button>
        </Stack>
      </form>
    </AuthCardPage>
  );
}
