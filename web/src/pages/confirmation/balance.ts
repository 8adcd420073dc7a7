import { toCents } from '../../public/money';
import type { RegistrationLookup } from '../../public/types';

/** Balance due: the server's, else total minus what the partner paid. */
export function balanceOf(r: RegistrationLookup): number {
  if (r.balanceDue !== undefined && r.balanceDue !== null) return Math.max(0, toCents(r.balanceDue));
  const total = toCents(r.totalAmount ?? r.total ?? r.total_amount);
  return Math.max(0, total - toCents(r.whiteCoatPaidAmount ?? r.total_paid_in_app));
}
