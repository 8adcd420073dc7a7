import { toaster } from '../components/ui/toaster';
import { ApiError, errorMessage } from '../lib/api';

/** The booking was made but its answer carried no reference number: only support can find it now. */
export function toastMissingReference() {
  toaster.create({
    title: 'Booking Error',
    description:
      'Your booking was created but there was a problem retrieving the reference number. Please contact support.',
    type: 'error',
  });
}

/** The booking was refused or never arrived: the api's own reason when it gave one. */
export function toastBookingFailed(error: unknown) {
  toaster.create({
    title: 'Booking Failed',
    description: error instanceof ApiError ? (error.serverMessage ?? error.message) : errorMessage(error),
    type: 'error',
  });
}
