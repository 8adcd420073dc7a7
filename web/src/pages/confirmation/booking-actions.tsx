import { useTranslation } from '../../i18n';
import { Link } from 'wouter';
import { CalendarIcon, DownloadIcon, PrinterIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { type CalendarAppointment, downloadIcs, googleCalendarUrl } from '../../public/calendar';

export interface BookingActionsProps {
  reference: string;
  /** The calendar entry: a confirmed booking whose slot's day and time are known. */
  appointment: CalendarAppointment | null;
  /** Print, Add to Calendar: for a confirmed booking. */
  confirmed: boolean;
  /** Manage booking: while the booking can still be changed or cancelled. */
  manageable: boolean;
}

/** Print, Add to Calendar (.ics and Google), Manage booking and Return to Home. */
export function BookingActions({ reference, appointment, confirmed, manageable }: BookingActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {confirmed ? (
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon />
          {t('success.print')}
        </Button>
      ) : null}
      {confirmed && appointment ? (
        <>
          <Button variant="outline" onClick={() => downloadIcs(appointment, `appointment-${reference}.ics`)}>
            <DownloadIcon />
            {t('success.addToCalendar')}
          </Button>
          <Button asChild variant="outline">
            <a href={googleCalendarUrl(appointment)} target="_blank" rel="noreferrer">
              <CalendarIcon />
              {t('success.googleCalendar')}
            </a>
          </Button>
        </>
      ) : null}
      {manageable ? (
        <Button asChild variant="outline">
          <Link href={`/manage-appointment?reference=${encodeURIComponent(reference)}`}>
            {t('header.manageBooking')}
          </Link>
        </Button>
      ) : null}
      <Button asChild>
        <Link href="/">{t('common.returnHome')}</Link>
      </Button>
    </>
  );
}
