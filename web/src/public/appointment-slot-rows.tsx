import { formatDateDMY } from '@hs/domain';
import type { RegistrationLookup } from './types';

/** The date, time and place of a looked-up booking, as rows of the page's `<dl>`. */
export function AppointmentSlotRows({ registration }: { registration: RegistrationLookup }) {
  return (
    <>
      <dt>Date</dt>
      <dd>{formatDateDMY(registration.timeslotDate)}</dd>
      <dt>Time</dt>
      <dd>{registration.timeslotTime}</dd>
      <dt>Location</dt>
      <dd>{registration.location || 'Location not specified'}</dd>
    </>
  );
}
