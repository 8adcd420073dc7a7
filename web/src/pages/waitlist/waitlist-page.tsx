import { formatDateLabel, formatDateOrNA } from '@hs/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Trans, useTranslation, translateMessage as tm } from '../../i18n';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { CheckCircleIcon, InfoIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { AlertDialog } from '../../components/alert-dialog';
import { LoadingPage } from '../../public/loading-page';
import { Skeleton } from '../../components/ui/skeleton';
import { localDate, localDateTime } from '../../i18n/format';
import { type ApiEnvelope, ApiError, errorMessage } from '../../lib/api';
import { DetailList } from '../../public/detail-list';
import { EventLoadError, EventLoading } from '../../public/event-states';
import { SlotSummary } from '../../public/slot-summary';
import { StateCard } from '../../public/state-card';
import {
  leaveWaitlist,
  timeLeft,
  type WaitlistEntryView,
  type WaitlistStatus,
  waitlistKey,
} from '../../public/waitlist';
import type { WaitlistClaim } from '../booking/held-slot';
import { BookingWizard } from '../booking/wizard';
import { useEventById } from './use-event-by-id';

/** The current time, every second (the offer's countdown). */
function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** Whether `at` has passed: re-renders once, when it does (not every second, like the countdown). */
function usePassed(at: string) {
  const due = Date.parse(at);
  const [passed, setPassed] = useState(() => !(due > Date.now()));
  useEffect(() => {
    if (passed) return;
    // setTimeout takes at most 2^31-1 ms; a later expiry checks again then
    const id = setTimeout(() => setPassed(!(due > Date.now())), Math.min(due - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [due, passed]);
  return passed;
}

/** "1 h 05 min left", ticking; only this text re-renders every second. */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const left = timeLeft(expiresAt, useNow());
  return (
    <span role="timer" aria-live="off" data-testid="offer-countdown">
      {t('waitlist.timeLeft', { time: left ?? '0 min 00 s' })}
    </span>
  );
}

/** The expiry in Singapore time: "25 Nov 2026, 4:30 PM". */
export function formatExpiry(at: string) {
  return localDateTime(at, formatDateOrNA(at, 'd MMM yyyy, h:mm a'));
}

/** A yyyy-MM-dd date in the current language ("Tuesday, 1 December 2026" in English). */
const dateLabel = (date: string) => localDate(date, formatDateLabel(date));

type Ended = Exclude<WaitlistStatus, 'waiting' | 'offered'>;
function useEnded(status: Ended): [string, string] {
  const { t } = useTranslation();
  return [t(`waitlist.ended.${status}Title`), t(`waitlist.ended.${status}`)];
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page display="flex" justifyContent="center">
      <title>{`${title} | Health Screening`}</title>
      <Card.Root maxW="2xl" w="full">
        <Card.Body gap="4" py={{ base: '6', md: '8' }}>
          {children}
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

const h1 = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' });
const muted = css({ color: 'fg.muted' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', pt: '2' });

function LeaveButton({ token, onLeft }: { token: string; onLeft: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const leave = async () => {
    setPending(true);
    setFailure(null);
    try {
      await leaveWaitlist(token);
      setOpen(false);
      onLeft();
    } catch (error) {
      setFailure(tm(errorMessage(error, t('waitlist.leaveFailed'))));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('waitlist.leave')}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={t('waitlist.leaveQuestion')}
        description={t('waitlist.leaveWarning')}
        safeLabel={t('waitlist.stay')}
        dangerLabel={t('waitlist.leave')}
        pending={pending}
        onConfirm={() => void leave()}
      >
        {failure ? (
          <p role="alert" className={css({ color: 'danger.text', fontSize: 'sm' })}>
            {failure}
          </p>
        ) : null}
      </AlertDialog>
    </>
  );
}

/** "Complete booking": the wizard with the event's package and the held slot fixed. */
function CompleteBooking({
  token,
  entry,
  onBack,
}: {
  token: string;
  entry: WaitlistEntryView;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { event, missing, error, isLoading } = useEventById(entry.eventId);
  if (missing || error) return <EventLoadError />;
  if (isLoading || !event || !entry.offer) return <EventLoading />;
  const offer = entry.offer;
  const claim: WaitlistClaim = {
    token,
    packageId: entry.packageId,
    seats: entry.seats,
    slot: {
      id: offer.timeslotId,
      label: offer.label,
      date: offer.date,
      time: offer.time,
      region: null,
      isAvailable: true,
      currentAttendees: 0,
      maxAttendees: entry.seats,
    },
    dateLabel: formatDateLabel(offer.date),
    personal: {
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      mobileNumber: entry.mobileNumber,
      postalCode: entry.postalCode,
    },
  };
  return (
    <Page>
      <title>{`${event.name} | Health Screening`}</title>
      <div className={css({ maxW: '3xl', mx: 'auto', display: 'grid', gap: '4' })}>
        <div>
          <Button variant="link" onClick={onBack}>
            {t('waitlist.backToOffer')}
          </Button>
          <h1 className={h1}>{event.name}</h1>
          <p className={muted}>
            {entry.packageName} · {t('waitlist.heldUntil', { time: formatExpiry(offer.expiresAt) })}
          </p>
        </div>
        <BookingWizard event={event} claim={claim} />
      </div>
    </Page>
  );
}

function Offered({ entry, token, onLeft }: { entry: WaitlistEntryView; token: string; onLeft: () => void }) {
  const { t } = useTranslation();
  const [expiredTitle, expiredText] = useEnded('expired');
  const [completing, setCompleting] = useState(false);
  const offer = entry.offer;
  const left = !usePassed(offer?.expiresAt ?? '');
  if (!offer) return null;
  if (completing && left)
    return <CompleteBooking token={token} entry={entry} onBack={() => setCompleting(false)} />;
  return (
    <Frame title={t('waitlist.seatsHeldTitle')}>
      <h1 className={h1}>{left ? t('waitlist.seatsHeld') : expiredTitle}</h1>
      <p className={muted}>
        {entry.eventName} · {entry.packageName} · {t('waitlist.seats', { count: entry.seats })}
      </p>
      <SlotSummary date={dateLabel(offer.date)} time={offer.label} />
      {left ? (
        <p>
          <Trans
            i18nKey="waitlist.completeBy"
            values={{ time: formatExpiry(offer.expiresAt) }}
            components={{ strong: <strong /> }}
          />{' '}
          <Countdown expiresAt={offer.expiresAt} />
        </p>
      ) : (
        <p role="alert">{expiredText}</p>
      )}
      <div className={actions}>
        {left ? <Button onClick={() => setCompleting(true)}>{t('waitlist.complete')}</Button> : null}
        {left ? <LeaveButton token={token} onLeft={onLeft} /> : null}
      </div>
    </Frame>
  );
}

/** `/waitlist/{token}`: the link of every waiting-list email. */
export default function WaitlistPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams<{ token: string }>();
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<WaitlistEntryView>>(
    token ? waitlistKey(token) : null,
  );
  const [left, setLeft] = useState(false);
  const onLeft = () => {
    setLeft(true);
    void mutate();
  };

  if (left) {
    return (
      <Frame title={t('waitlist.leftTitle')}>
        <div role="status" className={css({ display: 'grid', gap: '3', textAlign: 'center' })}>
          <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default', mx: 'auto' })} />
          <h1 className={h1}>{t('waitlist.leftHeading')}</h1>
          <p className={muted}>{t('waitlist.leftText')}</p>
          <div>
            <Button asChild>
              <Link href="/">{t('common.browseEvents')}</Link>
            </Button>
          </div>
        </div>
      </Frame>
    );
  }
  if ((error instanceof ApiError && error.status === 404) || (data !== undefined && !data?.data)) {
    return (
      <StateCard
        title={t('waitlist.notFoundTitle')}
        text={t('waitlist.notFoundText')}
        action={
          <Button asChild>
            <Link href="/">{t('common.browseEvents')}</Link>
          </Button>
        }
      />
    );
  }
  if (error) {
    return (
      <StateCard
        title={t('common.error')}
        text={t('waitlist.loadFailed')}
        action={<Button onClick={() => void mutate()}>{t('common.tryAgain')}</Button>}
      />
    );
  }
  if (isLoading || !data?.data) {
    return (
      <LoadingPage label={t('waitlist.loading')}>
        <Skeleton h="24" />
        <Skeleton h="12" w="40%" />
      </LoadingPage>
    );
  }
  const entry = data.data;

  if (entry.status === 'offered' && entry.offer)
    return <Offered entry={entry} token={token} onLeft={onLeft} />;
  if (entry.status === 'waiting' || entry.status === 'offered') {
    return (
      <Frame title={t('waitlist.title')}>
        <h1 className={h1}>{t('waitlist.onTheList')}</h1>
        {entry.position !== null ? (
          <p className={css({ fontSize: '3xl', fontWeight: 'bold' })} data-testid="waitlist-position">
            {t('waitlist.position', { position: entry.position })}
          </p>
        ) : null}
        <DetailList
          rows={[
            [t('review.event'), entry.eventName],
            [t('review.package'), entry.packageName],
            [t('waitlist.people'), String(entry.seats)],
            [
              t('waitlist.preferredDates'),
              entry.preferredDates.length > 0
                ? entry.preferredDates.map(dateLabel).join('; ')
                : t('waitlist.anyDate'),
            ],
          ]}
        />
        <p className={css({ display: 'flex', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
          <InfoIcon className={css({ flexShrink: 0, mt: '0.5' })} />
          {t('waitlist.waitingText', { email: entry.email })}
        </p>
        <div className={actions}>
          <LeaveButton token={token} onLeft={onLeft} />
        </div>
      </Frame>
    );
  }
  return <EndedEntry entry={entry} status={entry.status} />;
}

function EndedEntry({ entry, status }: { entry: WaitlistEntryView; status: Ended }) {
  const { t } = useTranslation();
  const [title, text] = useEnded(status);
  return (
    <Frame title={title}>
      <h1 className={h1}>{title}</h1>
      <p className={muted}>{entry.eventName}</p>
      <p role="status">{text}</p>
      <div className={actions}>
        <Button asChild>
          <Link href="/">{t('common.browseEvents')}</Link>
        </Button>
      </div>
    </Frame>
  );
}
