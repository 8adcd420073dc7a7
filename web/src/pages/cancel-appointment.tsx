import { CANCEL_MESSAGES, STATUS_MESSAGES } from '@hs/domain';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { CheckCircleIcon } from '../components/icons';
import { Button } from '../components/ui/button';
import * as Card from '../components/ui/card';
import { Checkbox } from '../components/ui/checkbox';
import { toaster } from '../components/ui/toaster';
import { ApiError, api } from '../lib/api';
import { AppointmentSlotRows } from '../public/appointment-slot-rows';
import { detailList } from '../public/detail-list';
import { FindAppointment } from '../public/find-appointment';
import { ArrowLeftIcon } from '../components/icons';
import { money } from '../public/money';
import { cancellationRefundText, RESERVATION_MESSAGES } from '../public/reservation-messages';
import type { RegistrationLookup } from '../public/types';
import { WarningNotice } from '../public/warning-notice';

type Step = 'find' | 'details' | 'done';

/** `/cancel-appointment`: find by reference, confirm, cancelled. */
export default function CancelAppointmentPage() {
  const [step, setStep] = useState<Step>('find');
  const prefill = new URLSearchParams(useSearch()).get('ref') ?? '';
  const [registration, setRegistration] = useState<RegistrationLookup | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  function reset() {
    setStep('find');
    setRegistration(null);
    setConfirmed(false);
  }

  async function cancel() {
    if (!registration || !confirmed) return;
    setCancelling(true);
    try {
      await api.post(`/api/registrations/${registration.id}/cancel`);
      toaster.create({
        title: CANCEL_MESSAGES.successTitle,
        description: CANCEL_MESSAGES.success,
        type: 'success',
      });
      setStep('done');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setRegistration({ ...registration, status: 'cancelled' });
      }
      toaster.create({
        title: 'Cancellation failed',
        description: CANCEL_MESSAGES.cancelFailed,
        type: 'error',
      });
    } finally {
      setCancelling(false);
    }
  }

  const ref = registration?.referenceNumber || registration?.reference_number || '';
  const cancelled = registration?.status === 'cancelled' || registration?.status === 'canceled';
  const expired = registration?.status === 'expired';
  const refundText = cancellationRefundText(registration?.cancellationRefund);

  return (
    <Page display="flex" flexDirection="column" alignItems="center">
      <title>Cancel Appointment | Health Screening</title>
      <div className={css({ w: 'full', maxW: '2xl' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', mb: '2' })}>
          Cancel Appointment
        </h1>
        <p className={css({ color: 'fg.muted', mb: '6' })}>
          Look up your booking with its reference number to cancel it.{' '}
          <Link
            href={ref ? `/manage-appointment?ref=${encodeURIComponent(ref)}` : '/manage-appointment'}
            className={css({ color: 'accent.text', textDecoration: 'underline' })}
          >
            Reschedule instead
          </Link>
        </p>

        {step === 'find' ? (
          <FindAppointment
            initialReference={registration?.referenceNumber ?? prefill}
            onFound={(found) => {
              setRegistration(found);
              setConfirmed(false);
              setStep('details');
            }}
          />
        ) : null}

        {step === 'details' && registration ? (
          <Card.Root>
            <Card.Header>
              <Card.Title asChild>
                <h2>Appointment Details</h2>
              </Card.Title>
            </Card.Header>
            <Card.Body gap="5">
              <dl className={detailList}>
                <dt>Reference Number</dt>
                <dd>{ref}</dd>
                <dt>Name</dt>
                <dd>
                  {registration.firstName} {registration.lastName}
                </dd>
                <dt>Event</dt>
                <dd>{registration.eventName}</dd>
                <dt>Package</dt>
                <dd>
                  {registration.packageName}
                  {registration.packagePrice ? ` (${money(registration.packagePrice)})` : ''}
                </dd>
                <AppointmentSlotRows registration={registration} />
              </dl>
              {cancelled ? (
                <WarningNotice>
                  <div>
                    <h3 className={css({ fontWeight: 'semibold' })}>
                      {STATUS_MESSAGES.alreadyCancelledTitle}
                    </h3>
                    <p>{STATUS_MESSAGES.alreadyCancelled}</p>
                  </div>
                </WarningNotice>
              ) : expired ? (
                <WarningNotice>
                  <p>{RESERVATION_MESSAGES.expired}</p>
                </WarningNotice>
              ) : (
                <>
                  {refundText ? (
                    <p
                      data-testid="cancel-refund"
                      className={css({ p: '3', borderRadius: 'l2', bg: 'bg.subtle', fontSize: 'sm' })}
                    >
                      {refundText}
                    </p>
                  ) : null}
                  <div
                    className={css({
                      p: '4',
                      borderRadius: 'l2',
                      bg: 'danger.subtle',
                      borderWidth: '1px',
                      borderColor: 'danger.border',
                    })}
                  >
                    <Checkbox checked={confirmed} onCheckedChange={(e) => setConfirmed(e.checked === true)}>
                      {CANCEL_MESSAGES.checkbox}
                    </Checkbox>
                  </div>
                </>
              )}
            </Card.Body>
            <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
              <Button variant="outline" onClick={() => setStep('find')}>
                <ArrowLeftIcon />
                Back
              </Button>
              {cancelled || expired ? null : (
                <Button
                  variant="danger"
                  disabled={!confirmed}
                  loading={cancelling}
                  loadingText="Cancelling..."
                  onClick={cancel}
                >
                  Cancel Appointment
                </Button>
              )}
            </Card.Footer>
          </Card.Root>
        ) : null}

        {step === 'done' ? (
          <Card.Root textAlign="center">
            <Card.Body alignItems="center" gap="3" py="10">
              <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
              <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>Appointment Cancelled</h2>
              <p className={css({ color: 'fg.muted' })}>
                Your appointment with reference number <strong>{ref}</strong> has been cancelled.
              </p>
              <Button mt="4" onClick={reset}>
                Cancel Another Appointment
              </Button>
            </Card.Body>
          </Card.Root>
        ) : null}
      </div>
    </Page>
  );
}
