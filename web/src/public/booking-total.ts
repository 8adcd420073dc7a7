import { toMoneyString } from '@hs/domain';

/** Spec section 9: the booking total is saved in session storage, as the "123.45" the wire uses. */
export const BOOKING_TOTAL_KEY = 'bookingTotal';

export function storeBookingTotal(cents: number) {
  try {
    sessionStorage.setItem(BOOKING_TOTAL_KEY, toMoneyString(cents));
  } catch {
    // storage blocked or full: the total is still on the page and on the server
  }
}
