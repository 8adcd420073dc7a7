import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { type ApiEnvelope, api, errorMessage } from '../../lib/api';
import { AuthCardPage } from '../components/auth-card-page';
import { FormFailure } from '../components/form-failure';
import { PasswordField } from '../components/password-field';
import { PASSWORD_MIN_LENGTH, isTooShort } from '../lib/password';
import { useSubmission } from '../lib/use-submission';

/** The invite token rides in the URL fragment (`#token=`), which browsers never send to a server. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** /admin/set-password#token=…: a new staff member (or one given a reset link) chooses their password. */
export default function SetPasswordPage() {
  const [token] = useState(tokenFromHash);
  const [invite, setInvite] = useState<{ username: string } | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : 'This link is not complete.');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submission = useSubmission(errorMessage);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!token) return;
    api
      .get<ApiEnvelope<{ username: string }>>(`/api/staff-invites/${encodeURIComponent(token)}`)
      .then((res) => setInvite(res.data))
      .catch((e: unknown) => setLinkProblem(errorMessage(e)));
  }, [token]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submission.setFailure(null);
    if (isTooShort(password))
      return submission.setFailure(`At least ${PASSWORD_MIN_LENGTH} characters, please`);
    if (password !== repeat) return submission.setFailure('The two passwords are not the same');
    await submission.run(async () => {
      await api.post(`/api/staff-invites/${encodeURIComponent(token)}`, { password });
      setDone(true);
    });
  };

  return (
    <AuthCardPage
      documentTitle="Set Your Password | Health Screening Admin"
      title="Set your password"
      description={
        <>
          {invite ? `For the staff account ${invite.username}.` : 'For your staff account.'} At least{' '}
          {PASSWORD_MIN_LENGTH} characters; common passwords are refused. A passphrase of a few words works
          well.
        </>
      }
    >
      {done ? (
        <Stack gap="3">
          <p role="status">Your password is set.</p>
          <Link href="/admin/login">Go to the login</Link>
        </Stack>
      ) : linkProblem ? (
        <p role="alert" className={css({ color: 'danger.text' })}>
          {linkProblem}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            {/* lets password managers save the new password under the right username */}
            <input type="hidden" autoComplete="username" value={invite?.username ?? ''} readOnly />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
            />
            <PasswordField
              label="Repeat the password"
              autoComplete="new-password"
              value={repeat}
              onChange={setRepeat}
            />
            <FormFailure failure={submission.failure} />
            <Button type="submit" fullWidth loading={submission.pending} disabled={!invite}>
              Set Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCardPage>
  );
}
