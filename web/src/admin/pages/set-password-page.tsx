import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { center } from 'styled-system/patterns';
import { Link } from 'wouter';
import { LogoMark } from '../../components/layout/logo';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, api, errorMessage } from '../../lib/api';
import { PASSWORD_MIN_LENGTH, isTooShort } from '../lib/password';

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
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
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
    setFailure(null);
    if (isTooShort(password)) return setFailure(`At least ${PASSWORD_MIN_LENGTH} characters, please`);
    if (password !== repeat) return setFailure('The two passwords are not the same');
    setPending(true);
    try {
      await api.post(`/api/staff-invites/${encodeURIComponent(token)}`, { password });
      setDone(true);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <main className={center({ minH: '100dvh', bg: 'bg.canvas', px: '4', py: '10' })}>
      <title>Set Your Password | Health Screening Admin</title>
      <Stack gap="6" w="full" maxW="sm">
        <Stack align="center" gap="2">
          <LogoMark size={40} />
          <p className={css({ fontWeight: 'bold', fontSize: 'lg' })}>Health Screening Admin</p>
        </Stack>
        <Card.Root>
          <Card.Header>
            <Card.Title asChild>
              <h1>Set your password</h1>
            </Card.Title>
            <Card.Description>
              {invite ? `For the staff account ${invite.username}.` : 'For your staff account.'} At least{' '}
              {PASSWORD_MIN_LENGTH} characters; common passwords are refused. A passphrase of a few words
              works well.
            </Card.Description>
          </Card.Header>
          <Card.Body>
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
                  <Field.TextField
                    label="New password"
                    type="password"
                    autoComplete="new-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                  <Field.TextField
                    label="Repeat the password"
                    type="password"
                    autoComplete="new-password"
                    required
                    value={repeat}
                    onChange={(e) => setRepeat(e.target.value)}
                  />
                  {failure ? (
                    <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
                      {failure}
                    </p>
                  ) : null}
                  <Button type="submit" fullWidth loading={pending} disabled={!invite}>
                    Set Password
                  </Button>
                </Stack>
              </form>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </main>
  );
}
