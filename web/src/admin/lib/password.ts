/**
 * The staff password's minimum length, as the api's rule (@hs/contracts PASSWORD_MIN_LENGTH) has it;
 * a copy because the web takes only types from @hs/contracts. The api decides; this only spares a
 * round trip. Counted in characters, not UTF-16 units, as the api counts.
 */
export const PASSWORD_MIN_LENGTH = 12;

export const isTooShort = (password: string) => [...password].length < PASSWORD_MIN_LENGTH;
