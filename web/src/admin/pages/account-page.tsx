import type { StaffAccount, TotpSetup } from '@hs/contracts';
import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { roleLabel } from '../../lib/staff-roles';
import { FormFailure } from '../components/form-failure';
import { HeadedCard } from '../components/headed-card';
import { PasswordField } from '../components/password-field';
import { ADMIN_PATHS, toastSuccess } from '../lib/admin-api';
import { PASSWORD_MIN_LENGTH, isTooShort } from '../lib/password';
import { useSubmission } from '../lib/use-submission';
import { PageTitle } from '../components/page-title';

function PasswordCard() {
  const { replaceToken } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submission = useSubmission();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submission.setFailure(null);
    if (isTooShort(next)) {
      submission.setFailure(`The new password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
      return;
    }
    await submission.run(async () => {
      const res = await api.put<ApiEnvelope<{ token: string }>>(`${ADMIN_PATHS.account}/password`, {
        currentPassword: current,
        newPassword: next,
      });
      // The api ends every session from before the change; this one goes on with the new token.
      replaceToken(res.data.token);
      toastSuccess('Password changed', 'Your other sessions are signed out');
      setCurrent('');
      setNext('');
    });
  };

  return (
    <HeadedCard
      title="Password"
      description={
        <>At least {PASSWORD_MIN_LENGTH} characters; common passwords are refused. A passphrase works well.</>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4" maxW="sm">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <PasswordField label="New password" autoComplete="new-password" value={next} onChange={setNext} />
          <FormFailure failure={submission.failure} />
          <Button type="submit" loading={submission.pending} alignSelf="flex-start">
            Change Password
          </Button>
        </Stack>
      </form>
    </HeadedCard>
  );
}

/** Enrolment: scan the QR, confirm with a code, then the recovery codes once. */
function TotpCard({ account, refresh }: { account: StaffAccount; refresh: () => Promise<unknown> }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const { pending, failure, run } = useSubmission();

  const start = () =>
    run(async () => {
      const res = await api.post<ApiEnvelope<TotpSetup>>(`${ADMIN_PATHS.account}/totp/setup`);
      setSetup(res.data);
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const res = await api.post<ApiEnvelope<{ recoveryCodes: string[] }>>(
        `${ADMIN_PATHS.account}/totp/confirm`,
        {
          code,
        },
      );
      setRecovery(res.data.recoveryCodes);
      setSetup(null);
      setCode('');
      await refresh();
    });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      await api.post(`${ADMIN_PATHS.account}/totp/disable`, { password });
      setPassword('');
      toastSuccess('Two-factor authentication is off');
      await refresh();
    });
  };

  return (
    <HeadedCard
      title="Two-factor authentication"
      description={
        account.totpEnabled
          ? `On. Sign-in asks for a code from your authenticator app. Recovery codes left: ${account.recoveryCodesLeft}.`
          : 'Off. Sign-in needs only your password.'
      }
    >
      <Stack gap="4" maxW="md">
        {account.totpRequired && !account.totpEnabled ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Your role requires two-factor authentication: set it up to use the back-office.
          </p>
        ) : null}
        {recovery ? (
          <Stack gap="2" data-testid="recovery-codes">
            <p className={css({ fontWeight: 'semibold' })}>
              Your recovery codes. Save them now: they are shown only this once.
            </p>
            <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
              Each one signs you in once if you lose your phone.
            </p>
            <ul className={css({ fontFamily: 'mono', display: 'grid', gridTemplateColumns: '2', gap: '1' })}>
              {recovery.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Button variant="outline" alignSelf="flex-start" onClick={() => setRecovery(null)}>
              I have saved them
            </Button>
          </Stack>
        ) : null}
        {!account.totpEnabled && !setup ? (
          <Button alignSelf="flex-start" loading={pending} onClick={() => void start()}>
            Set Up Two-Factor Authentication
          </Button>
        ) : null}
        {setup ? (
          <form onSubmit={confirm} noValidate>
            <Stack gap="3">
              <p className={css({ textStyle: 'sm' })}>
                Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
                1Password…), then enter the 6-digit code it shows.
              </p>
              <img src={setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
              <p className={css({ textStyle: 'sm' })}>
                Cannot scan? Enter this key: <code data-testid="totp-secret">{setup.secret}</code>
              </p>
              <Field.TextField
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button type="submit" loading={pending} alignSelf="flex-start">
                Turn On
              </Button>
            </Stack>
          </form>
        ) : null}
        {account.totpEnabled && !account.totpRequired ? (
          <form onSubmit={disable} noValidate>
            <Stack gap="3">
              <PasswordField
                label="Password (to turn it off)"
                autoComplete="current-password"
                required={false}
                value={password}
                onChange={setPassword}
              />
              <Button type="submit" variant="outline" loading={pending} alignSelf="flex-start">
                Turn Off
              </Button>
            </Stack>
          </form>
        ) : null}
        <FormFailure failure={failure} />
      </Stack>
    </HeadedCard>
  );
}

/** /admin/account: every staff role's own password and second factor. */
export default function AccountPage() {
  const { data, mutate } = useSWR<ApiEnvelope<StaffAccount>>(ADMIN_PATHS.account);
  const account = data?.data;
  return (
    <>
      <PageTitle>Account</PageTitle>
      {account ? (
        <>
          <p className={css({ color: 'fg.muted' })}>
            {account.username} · {roleLabel(account.role)}
            {account.email ? ` · ${account.email}` : ''}
          </p>
          <PasswordCard />
          <TotpCard account={account} refresh={() => mutate()} />
        </>
      ) : null}
    </>
  );
}
