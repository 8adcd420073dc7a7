import { toaster } from '../components/ui/toaster';
import { i18n, translateMessage as tm } from '../i18n';
import { ApiError, errorMessage } from '../lib/api';

/** The booking was made but its answer carried no reference number: only support can find it now. */
export function toastMissingReference() {
  toaster.create({
    title: i18n.t('msg.bookingErrorTitle'),
    description: i18n.t('msg.bookingError'),
    type: 'error',
  });
}

/** The booking was refused or never arrived: the api's own reason when it gave one. */
export function toastBookingFailed(error: unknown) {
  toaster.create({
    title: i18n.t('msg.bookingFailedTitle'),
    description: tm(error instanceof ApiError ? (error.serverMessage ?? error.message) : errorMessage(error)),
    type: 'error',
  });
}

/**
 * The member check was refused over its rate limits (429, issue 46): the api's reason, and that the
 * booking goes on at standard prices.
 */
export function toastMemberCheckLimited(message: string | undefined) {
  toaster.create({
    title: i18n.t('wizard.memberCheckLimitTitle'),
    description: `${tm(message || i18n.t('wizard.memberCheckLimited'))} ${i18n.t('wizard.standardPricingApplies')}`,
    type: 'error',
  });
}
