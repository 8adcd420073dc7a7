import type { ScopedMutator } from 'swr';
import { type ApiEnvelope, api } from '../../lib/api';
import { lookupKey } from '../../lib/swr-keys';
import type { RegistrationLookup } from '../../public/types';

/**
 * Reads a new booking once with its `position` (the lookup waits until the read model has caught up)
 * and puts it in the SWR cache the confirmation page reads, so that page never sees a 404 for it.
 */
export async function primeLookup(
  mutate: ScopedMutator,
  reference: string,
  position: string | number | null | undefined,
) {
  if (position === null || position === undefined) return;
  try {
    const key = lookupKey(reference);
    const data = await api.get<ApiEnvelope<RegistrationLookup>>(key, { position: String(position) });
    await mutate(key, data, { revalidate: false });
  } catch {
    // the confirmation page fetches it itself
  }
}
