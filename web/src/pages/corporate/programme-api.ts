import type { ProgrammePass, PublicProgramme } from '@hs/contracts';
import { currentLanguage } from '../../i18n';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';

export type { ProgrammePass, PublicProgramme };

/** POST /api/programmes/{code}/codes: a code (or a polite note) is emailed; 202. */
export function requestCode(code: string, email: string): Promise<ApiEnvelope<{ message: string }>> {
  return api.post(`/api/programmes/${encodeURIComponent(code)}/codes`, {
    email,
    language: currentLanguage(),
  });
}

/** POST /api/programmes/{code}/verify: the pass the booking carries. */
export function verifyCode(code: string, email: string, otp: string): Promise<ProgrammePass> {
  return api
    .post<ApiEnvelope<ProgrammePass>>(`/api/programmes/${encodeURIComponent(code)}/verify`, {
      email,
      code: otp,
    })
    .then((r) => r.data);
}

/** The HTTP status of a refusal (0 when the request never got an answer). */
export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** The server's own words in English; the catalogue's text (`fallback`) in the other languages. */
export function refusalText(error: unknown, fallback: string): string {
  const server = error instanceof ApiError ? error.serverMessage : undefined;
  return currentLanguage() === 'en' && server ? server : fallback;
}

/** The pass is kept for the tab's session, per programme, until it expires (a reload keeps it). */
const passKey = (code: string) => `hs.programmePass.${code}`;

export function readPass(code: string): ProgrammePass | null {
  try {
    const raw = sessionStorage.getItem(passKey(code));
    if (!raw) return null;
    const pass = JSON.parse(raw) as ProgrammePass;
    return Date.parse(pass.expiresAt) > Date.now() ? pass : null;
  } catch {
    return null;
  }
}

export function storePass(code: string, pass: ProgrammePass | null): void {
  try {
    if (pass) sessionStorage.setItem(passKey(code), JSON.stringify(pass));
    else sessionStorage.removeItem(passKey(code));
  } catch {
    // storage off: the pass lives as long as the page
  }
}
