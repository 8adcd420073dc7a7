import { createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** What authenticator apps show above the code. */
const ISSUER = 'Health Screening Admin';
/** One step (30 s) either side: a phone clock a little off still works. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODES = 10;

export const newTotpSecret = (): string => generateSecret();

export async function totpEnrolment(secret: string, username: string) {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: username, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/**
 * The time step a 6-digit code matched, or null. `afterStep` is the last step this user already used:
 * a code seen once is refused after that (replay within its window).
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep?: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep != null ? { afterTimeStep: afterStep } : {}),
  });
  // TOTP results carry the time step (the union type also covers HOTP's, which does not).
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

/** The current code of a secret: for tests, which sign in like an authenticator app would. */
export const currentTotp = (secret: string): Promise<string> => generate({ secret });

const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normaliseRecovery(code)).digest('hex');
export const looksLikeRecoveryCode = (code: string): boolean =>
  /^[0-9a-f]{10}$/.test(normaliseRecovery(code));

/** Ten single-use codes, `xxxxx-xxxxx` hex (40 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}
