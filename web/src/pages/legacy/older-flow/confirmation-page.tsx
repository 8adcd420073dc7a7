import { formatDateDMY, maskIdentificationNumber } from '@hs/domain';
import { useMemo } from 'react';
import { Link, Redirect } from 'wouter';
import { css } from 'styled-system/css';
import { CheckCircleIcon, CopyIcon, PrinterIcon } from '../../../components/icons';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import * as Card from '../../../components/ui/card';
import { toaster } from '../../../components/ui/toaster';
import { DetailList, type DetailRow } from '../../../public/detail-list';
import { readBookingDetails, readRegistrationData } from '../../../public/legacy-storage';
import { money, toCents } from '../../../public/money';
import { bookingRows } from './booking-summary';

export const REMINDERS = [
  'Arrive 15 minutes before your appointment time.',
  'Bring your identification card (NRIC).',
  'Fast for 8-10 hours before your blood tests.',
  'Drink plenty of water.',
  'Wear comfortable clothing.',
];

const GENDER_LABEL: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

/** `/confirmation`: booking confirmed (older flow), from session storage. */
export function LegacyConfirmationPage() {
  const registration = useMemo(() => readRegistrationData(), []);
  const details = useMemo(() => readBookingDetails(), []);
  if (!registration || !details) return <Redirect to="/" replace />;

  async function copyReference() {
    try {
      await navigator.clipboard.writeText(registration?.referenceNumber ?? '');
      toaster.create({ title: 'Reference number copied to clipboard', type: 'success' });
    } catch {
      toaster.create({ title: 'Failed to copy', type: 'error' });
    }
  }

  const due = toCents(registration.balanceDue);
  const rows: DetailRow[] = [
    ...bookingRows(details),
    ['Name', `${registration.firstName} ${registration.lastName}`],
    ['Email', registration.email],
    ['Mobile Number', registration.mobileNumber],
    ['Gender', GENDER_LABEL[registration.gender] ?? registration.gender],
    // masked as in the emails: a printed or shared confirmation never carries the whole NRIC (issue 24)
    ['ID Number', maskIdentificationNumber(registration.identificationNumber)],
    ['Date of Birth', formatDateDMY(registration.dateOfBirth)],
    ...(registration.unitNumber ? ([['Unit Number', registration.unitNumber]] as DetailRow[]) : []),
    ['Address', registration.address || '-'],
    ['Postal Code', registration.postalCode || '-'],
  ];

  return (
    <Page display="flex" justifyContent="center">
      <title>Booking Confirmed! | Health Screening</title>
      <Card.Root maxW="2xl" w="full">
        <Card.Header alignItems="center" textAlign="center" gap="2">
          <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
            Booking Confirmed!
          </h1>
          <p className={css({ color: 'fg.muted' })}>
            Your health screening appointment has been successfully booked.
          </p>
        </Card.Header>
        <Card.Body gap="5">
          <div
            className={css({
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: '3',
              flexWrap: 'wrap',
              p: '4',
              borderRadius: 'l2',
              bg: 'accent.subtle',
            })}
          >
            <div className={css({ textAlign: 'center' })}>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Reference Number</p>
              <p
                data-testid="reference-number"
                className={css({ fontSize: '2xl', fontWeight: 'bold', fontFamily: 'mono' })}
              >
                {registration.referenceNumber}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={copyReference}>
              <CopyIcon />
              Copy<span className={css({ srOnly: true })}> reference number</span>
            </Button>
          </div>
          <DetailList rows={rows} />
          {due > 0 ? (
            <p
              className={css({
                p: '3',
                borderRadius: 'l2',
                bg: 'warning.subtle',
                color: 'warning.text',
                fontSize: 'sm',
              })}
            >
              A payment of {money(registration.balanceDue)} is due.{' '}
              <Link
                className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
                href={`/booking/confirmation/${encodeURIComponent(registration.referenceNumber)}?showPayment=true`}
              >
                Pay now
              </Link>
            </p>
          ) : null}
          <section>
            <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>Important Reminders</h2>
            <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' })}>
              {REMINDERS.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        </Card.Body>
        <Card.Footer
          justifyContent="center"
          flexWrap="wrap"
          gap="3"
          className={css({ '@media print': { display: 'none' } })}
        >
          <Button
            variant="outline"
            onClick={() => window.alert('Email confirmation is not implemented yet.')}
          >
            Email Confirmation
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <PrinterIcon />
            Print Details
          </Button>
          <Button asChild>
            <Link href="/">Return to Homepage</Link>
          </Button>
        </Card.Footer>
      </Card.Root>
    </Page>
  );
}
