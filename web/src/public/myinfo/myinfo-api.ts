import { type ApiEnvelope, api } from '../../lib/api';

/** GET /api/myinfo/prefill/{handle}: the person as Myinfo gave them (issue 49). */
export interface MyinfoPrefill {
  handle: string;
  identificationNumber: string;
  /** As Myinfo gave it (often upper case). */
  fullName: string;
  /** The server's suggested split of fullName, in title case. */
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | null;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  nationality: string | null;
  residentialStatus: string | null;
  /** 8 digits */
  mobileNumber: string | null;
  email: string | null;
  postalCode: string | null;
  unitNumber: string | null;
  address: string | null;
}

/** Whether the button is offered: Singpass is configured for this deployment. */
export async function fetchMyinfoEnabled(): Promise<boolean> {
  const res = await api.get<ApiEnvelope<{ enabled: boolean }>>('/api/myinfo');
  return res?.data?.enabled === true;
}

/** Single use: a second call with the same handle answers 410. */
export async function fetchMyinfoPrefill(handle: string): Promise<MyinfoPrefill> {
  const res = await api.get<ApiEnvelope<MyinfoPrefill>>(`/api/myinfo/prefill/${encodeURIComponent(handle)}`);
  return res.data;
}

/** Where the button goes: the server makes the PAR request and redirects to Singpass. */
export function authorizeUrl(returnTo: string): string {
  return `/api/myinfo/authorize?returnTo=${encodeURIComponent(returnTo)}`;
}
