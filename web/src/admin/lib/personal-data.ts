import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS, failureMessage, toastError } from './admin-api';
import { saveBlob } from './orders';

/**
 * Identification numbers arrive masked (S****567A, issue 24); these are the admin-only ways to the
 * clear data, each recorded by the api on the order's timeline and in the audit log.
 */
export interface RevealedIdentification {
  participantId: string;
  name: string;
  isPrimary: boolean;
  identificationNumber: string;
  aiaMemberId: string | null;
}

export const PERSONAL_DATA_MESSAGES = {
  revealFailed: 'Failed to reveal the identification numbers',
  downloadFailed: 'Failed to download the personal data',
} as const;

/** POST .../reveal-identification; null (after an error toast) when refused or failed. */
export async function revealIdentification(orderId: number): Promise<RevealedIdentification[] | null> {
  try {
    const res = await api.post<ApiEnvelope<{ identificationNumbers: RevealedIdentification[] }>>(
      `${ADMIN_PATHS.orders}/${orderId}/reveal-identification`,
    );
    return res.data.identificationNumbers;
  } catch (error) {
    toastError(`${PERSONAL_DATA_MESSAGES.revealFailed}: ${failureMessage(error)}`);
    return null;
  }
}

export const personalDataFileName = (referenceNumber: string) => `personal-data-${referenceNumber}.json`;

/** GET .../personal-data (an access request), saved as personal-data-{reference}.json. */
export async function downloadPersonalData(order: { id: number; referenceNumber: string }): Promise<boolean> {
  try {
    const res = await api.get<ApiEnvelope<unknown>>(`${ADMIN_PATHS.orders}/${order.id}/personal-data`);
    const blob = new Blob([`${JSON.stringify(res.data, null, 2)}\n`], { type: 'application/json' });
    saveBlob(blob, personalDataFileName(order.referenceNumber));
    return true;
  } catch (error) {
    toastError(`${PERSONAL_DATA_MESSAGES.downloadFailed}: ${failureMessage(error)}`);
    return false;
  }
}
