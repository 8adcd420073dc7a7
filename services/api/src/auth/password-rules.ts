import { PASSWORD_MIN_LENGTH } from '@hs/contracts';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

let common: Set<string> | undefined;
/** Built on first use: 10,000 entries, kept for the life of the process. */
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common;
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
  if (commonPasswords().has(lower)) return 'This password is too common; choose another';
  if (username && lower.includes(username.toLowerCase())) return 'The password must not contain the username';
  return null;
}
