import { PASSWORD_MIN_LENGTH as API_MIN } from '@hs/contracts';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, isTooShort } from './password';

describe('staff password length in the web', () => {
  it("is the api's minimum, counted in characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(API_MIN);
    expect(isTooShort('a'.repeat(API_MIN - 1))).toBe(true);
    expect(isTooShort('a'.repeat(API_MIN))).toBe(false);
    // 12 emoji are 24 UTF-16 units but 12 characters: long enough, as the api counts them.
    expect(isTooShort('😀'.repeat(API_MIN - 1))).toBe(true);
    expect(isTooShort('😀'.repeat(API_MIN))).toBe(false);
  });
});
