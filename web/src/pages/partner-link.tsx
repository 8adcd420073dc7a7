import {
  PARTNER_EVENT_SLUG,
  type PartnerPatientData,
  partnerDataToHandoff,
  toMoneyString,
  validatePartnerBookingCode,
} from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation, translateMessage as tm } from '../i18n';
import { Link, useLocation, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { Page, PageLoader } from '../components/layout/page';
import { AlertCircleIcon } from '../components/icons';
import { Button } from '../components/ui/button';
import * as Card from '../components/ui/card';
import { type ApiEnvelope, api } from '../lib/api';
import { toCents } from '../public/money';
import { storePartnerHandoff } from '../public/partner-storage';

export const PARTNER_MESSAGES = {
  validate: 'Failed to validate booking code. Please try again.',
  create: 'Failed to create registration. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again later.',
} as const;

/** GET /api/wc/{code} answers the prefill fields (bookingCode, firstName, ... whiteCoatPaidAmount). */
export interface PartnerPrefill {
  bookingCode?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  identificationNumber?: string;
  dateOfBirth?: string;
  postalCode?: string;
  unitNumber?: string;
  address?: string;
  mobileNumber?: string;
  isPaidInWhiteCoat?: boolean;
  whiteCoatPaidAmount?: string | number | null;
  whiteCoatPaidCents?: number;
}
type PartnerAnswer = PartnerPrefill & Partial<Omit<PartnerPatientData, keyof PartnerPrefill>>;

/** The server's prefill fields; a raw partner record (name, nric, address{...}) is mapped as well. */
export function toHandoff(code: string, data: PartnerAnswer) {
  if (data.firstName === undefined && (data.name !== undefined || data.nric !== undefined)) {
    const h = partnerDataToHandoff(code, data as PartnerPatientData);
    return { ...h, whiteCoatPaidAmount: toMoneyString(h.whiteCoatPaidCents) };
  }
  const isPaid = data.isPaidInWhiteCoat === true;
  const cents =
    typeof data.whiteCoatPaidCents === 'number' ? data.whiteCoatPaidCents : toCents(data.whiteCoatPaidAmount);
  return {
    bookingCode: data.bookingCode || code,
    firstName: data.firstName ?? '',
    lastName: data.lastName ?? '',
    email: data.email ?? '',
    identificationNumber: (data.identificationNumber ?? '').trim().toUpperCase(),
    dateOfBirth: data.dateOfBirth ?? '',
    postalCode: data.postalCode ?? '',
    unitNumber: data.unitNumber ?? '',
    address: data.address ?? '',
    mobileNumber: data.mobileNumber ?? '',
    isPaidInWhiteCoat: isPaid,
    whiteCoatPaidAmount: toMoneyString(isPaid ? Math.max(0, cents) : 0),
  };
}

/** `/wc/{code}`: validate the partner code, create the registration, store the hand-off, go to the event. */
export default function PartnerLinkPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams<{ code: string }>();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const checked = validatePartnerBookingCode(code);
      if (!checked.ok) {
        setError(checked.message);
        return;
      }
      let patient: PartnerAnswer;
      try {
        const res = await api.get<ApiEnvelope<PartnerAnswer>>(`/api/wc/${encodeURIComponent(checked.value)}`);
        if (!res?.success || !res.data) {
          setError(res?.message || PARTNER_MESSAGES.validate);
          return;
        }
        patient = res.data;
      } catch {
        setError(PARTNER_MESSAGES.validate);
        return;
      }
      try {
        const created = await api.post<ApiEnvelope<{ id: number }>>('/api/wc/create-registration', {
          bookingCode: checked.value,
        });
        const handoff = toHandoff(checked.value, patient);
        storePartnerHandoff({
          bookingCode: handoff.bookingCode,
          firstName: handoff.firstName,
          lastName: handoff.lastName,
          email: handoff.email,
          identificationNumber: handoff.identificationNumber,
          dateOfBirth: handoff.dateOfBirth,
          postalCode: handoff.postalCode,
          unitNumber: handoff.unitNumber,
          address: handoff.address,
          mobileNumber: handoff.mobileNumber,
          isPaidInWhiteCoat: handoff.isPaidInWhiteCoat,
          whiteCoatPaidAmount: handoff.whiteCoatPaidAmount,
          registrationId: created?.data?.id ?? null,
          isFromWhiteCoat: true,
        });
        navigate(`/events/${PARTNER_EVENT_SLUG}`, { replace: true });
      } catch {
        setError(PARTNER_MESSAGES.create);
      }
    })().catch(() => setError(PARTNER_MESSAGES.unexpected));
  }, [code, navigate]);

  if (!error) return <PageLoader label={t('wc.processing')} />;
  return (
    <Page display="flex" justifyContent="center">
      <Card.Root maxW="lg" w="full" textAlign="center" role="alert">
        <Card.Body alignItems="center" gap="3" py="10">
          <AlertCircleIcon className={css({ w: '10', h: '10', color: 'danger.default' })} />
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('wc.errorTitle')}</h1>
          <p className={css({ color: 'fg.muted' })}>{tm(error)}</p>
          <div
            className={css({
              display: 'flex',
              gap: '3',
              mt: '4',
              flexWrap: 'wrap',
              justifyContent: 'center',
            })}
          >
            <Button variant="outline" onClick={() => window.history.back()}>
              {t('wc.goBack')}
            </Button>
            <Button asChild>
              <Link href={`/events/${PARTNER_EVENT_SLUG}`}>{t('wc.book')}</Link>
            </Button>
          </div>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
