import { CANCEL_MESSAGES, REFERENCE_NUMBER_EXAMPLE, referenceLookupSchema, validate } from '@hs/domain';
import { type ReactNode, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { AlertCircleIcon, SearchIcon } from '../components/icons';
import { Button } from '../components/ui/button';
import * as Card from '../components/ui/card';
import { toaster } from '../components/ui/toaster';
import { type ApiEnvelope, ApiError, api } from '../lib/api';
import { FormField } from './form-field';
import type { RegistrationLookup } from './types';
import { type TFunction, useTranslation, translateMessage as tm } from '../i18n';

export function lookupRegistration(reference: string) {
  return api.get<ApiEnvelope<RegistrationLookup>>(
    `/api/registrations/lookup/${encodeURIComponent(reference)}`,
  );
}

/** The reference number field's fixed parts, shared by the cancel page's and the manage page's forms. */
export function referenceFieldProps(t: TFunction) {
  return {
    id: 'referenceNumber',
    name: 'referenceNumber',
    label: t('success.reference'),
    required: true,
    autoComplete: 'off',
    placeholder: REFERENCE_NUMBER_EXAMPLE,
    helperText: t('manage.exampleFormat', { example: REFERENCE_NUMBER_EXAMPLE }),
  };
}

/** Why a lookup did not find the booking, beside the form. */
function LookupAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={css({ display: 'flex', gap: '2', color: 'fg.error', fontSize: 'sm' })}>
      <AlertCircleIcon className={css({ flexShrink: 0, mt: '0.5' })} />
      {message}
    </p>
  );
}

/**
 * The card both find forms stand in: the 'Find Your Appointment' heading, the page's hint, the
 * form's fields, why the lookup failed and the 'Look up' button.
 */
export function FindAppointmentCard({
  hint,
  alert,
  loading,
  onLookUp,
  children,
}: {
  hint: string;
  alert: string | null | undefined;
  loading: boolean;
  onLookUp: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('manage.findTitle')}</h2>
        </Card.Title>
        <Card.Description>{hint}</Card.Description>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onLookUp();
          }}
          className={css({ display: 'grid', gap: '4' })}
        >
          {children}
          <LookupAlert message={alert} />
          <Button type="submit" loading={loading} loadingText={t('manage.lookingUp')} justifySelf="start">
            <SearchIcon />
            {t('manage.lookUp')}
          </Button>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * 'Find Your Appointment': a reference number, looked up by the public lookup call. The cancel and
 * manage pages both start with it.
 */
export function FindAppointment({
  initialReference = '',
  onFound,
}: {
  initialReference?: string;
  onFound: (registration: RegistrationLookup) => void;
}) {
  const { t } = useTranslation();
  const [reference, setReference] = useState(initialReference);
  const [fieldError, setFieldError] = useState<string>();
  const [lookupError, setLookupError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function lookUp() {
    const r = validate(referenceLookupSchema, { referenceNumber: reference });
    if (!r.ok) {
      setFieldError(r.message);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    setLookupError(undefined);
    setLoading(true);
    try {
      const res = await lookupRegistration(r.value.referenceNumber);
      onFound(res.data);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 404
          ? CANCEL_MESSAGES.notFound
          : CANCEL_MESSAGES.lookupFailed;
      setLookupError(message);
      toaster.create({ title: t('manage.lookupFailed'), description: tm(message), type: 'error' });
    } finally {
      setLoading(false);
    }
  }

  return (
    <FindAppointmentCard hint={t('manage.findHint')} alert={lookupError} loading={loading} onLookUp={lookUp}>
      <FormField
        ref={inputRef}
        {...referenceFieldProps(t)}
        value={reference}
        error={fieldError}
        onChange={(e) => {
          setReference(e.target.value);
          if (fieldError && e.target.value.trim()) setFieldError(undefined);
        }}
        onBlur={() => {
          if (!reference.trim()) setFieldError(CANCEL_MESSAGES.reference);
        }}
      />
    </FindAppointmentCard>
  );
}
