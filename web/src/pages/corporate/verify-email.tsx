import { type FormEvent, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Notice } from '../../components/notice';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { useTranslation } from '../../i18n';
import { type ProgrammePass, refusalText, requestCode, statusOf, verifyCode } from './programme-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SIX_DIGITS = /^\d{6}$/;

export interface VerifyEmailProps {
  code: string;
  /** Why the employee is asked again (their session expired): shown above the form. */
  notice?: string | null;
  onVerified: (pass: ProgrammePass) => void;
}

/**
 * The employee's way in: their work email, then the 6-digit code emailed to it. Refusals are said
 * in an alert: not open to the address (403), too many requests (429), programme not open (409), a
 * wrong code (400, attempts left in the server's words) and an expired code (410: ask a new one).
 */
export function VerifyEmail({ code, notice, onVerified }: VerifyEmailProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(notice ?? null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (sentTo) codeInput.current?.focus();
  }, [sentTo]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setFieldError(t('corporate.emailInvalid'));
      emailInput.current?.focus();
      return;
    }
    setFieldError(undefined);
    setAlert(null);
    setBusy(true);
    try {
      await requestCode(code, address);
      setSentTo(address);
      setOtp('');
      setExpired(false);
    } catch (error) {
      const status = statusOf(error);
      setAlert(
        status === 403
          ? refusalText(error, t('corporate.notEligible'))
          : status === 429
            ? refusalText(error, t('corporate.tooMany'))
            : status === 409
              ? refusalText(error, t('corporate.closed'))
              : t('corporate.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    const entered = otp.trim();
    if (!SIX_DIGITS.test(entered)) {
      setFieldError(t('corporate.codeInvalid'));
      codeInput.current?.focus();
      return;
    }
    setFieldError(undefined);
    setAlert(null);
    setBusy(true);
    try {
      onVerified(await verifyCode(code, sentTo, entered));
    } catch (error) {
      const status = statusOf(error);
      if (status === 410) setExpired(true);
      setAlert(
        status === 400
          ? refusalText(error, t('corporate.wrongCode'))
          : status === 410
            ? refusalText(error, t('corporate.codeExpired'))
            : status === 429
              ? refusalText(error, t('corporate.tooMany'))
              : status === 403
                ? refusalText(error, t('corporate.notEligible'))
                : status === 409
                  ? refusalText(error, t('corporate.closed'))
                  : t('corporate.failed'),
      );
      codeInput.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const changeEmail = () => {
    setSentTo(null);
    setOtp('');
    setAlert(null);
    setFieldError(undefined);
    requestAnimationFrame(() => emailInput.current?.focus());
  };

  return (
    <Card.Root>
      <Card.Header>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {sentTo ? t('corporate.codeSentTitle') : t('corporate.emailHeading')}
        </h2>
        <Card.Description>
          {sentTo ? t('corporate.codeSent', { email: sentTo }) : t('corporate.emailIntro')}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {alert ? (
          <Notice tone="danger" size="sm" data-testid="programme-alert">
            <span>{alert}</span>
          </Notice>
        ) : null}
        {sentTo ? (
          <form noValidate onSubmit={verify} className={css({ display: 'grid', gap: '4' })}>
            <Field.TextField
              ref={codeInput}
              label={t('corporate.codeLabel')}
              name="code"
              value={otp}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              error={fieldError}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
              <Button type="submit" loading={busy} loadingText={t('corporate.verifying')}>
                {t('corporate.verify')}
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={() => void send()}>
                {t('corporate.resend')}
              </Button>
              <Button type="button" variant="ghost" disabled={busy} onClick={changeEmail}>
                {t('corporate.changeEmail')}
              </Button>
            </div>
            {expired ? null : (
              <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('corporate.codeHint')}</p>
            )}
          </form>
        ) : (
          <form noValidate onSubmit={send} className={css({ display: 'grid', gap: '4' })}>
            <Field.TextField
              ref={emailInput}
              label={t('corporate.workEmail')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              required
              error={fieldError}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div>
              <Button type="submit" loading={busy} loadingText={t('corporate.sending')}>
                {t('corporate.sendCode')}
              </Button>
            </div>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
