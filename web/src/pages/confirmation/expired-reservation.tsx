import { useTranslation } from '../../i18n';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { StateCard } from '../../public/state-card';
import { useEventById } from '../participants-booking/use-event-by-id';

/**
 * A booking whose payment hold ran out: its seats are gone, so instead of a payment it offers booking
 * again on the event's page (the home page when the event is no longer open).
 */
export function ExpiredReservation({ eventId }: { eventId: number }) {
  const { event } = useEventById(eventId);
  const { t } = useTranslation();
  return (
    <StateCard
      title={t('hold.expiredTitle')}
      text={t('hold.expired')}
      action={
        <Button asChild>
          <Link href={event ? `/events/${event.slug}` : '/'}>{t('hold.bookAgain')}</Link>
        </Button>
      }
    />
  );
}
