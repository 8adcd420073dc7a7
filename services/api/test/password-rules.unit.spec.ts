import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../src/auth/password-rules';

describe('staff password rules', () => {
  it('refuses fewer than 12 characters, counting characters not bytes', () => {
    expect(passwordProblem('short-pass1')).toMatch(/at least 12/);
    expect(passwordProblem('élan-vital-9')).toBeNull();
  });

  it('refuses common passwords whatever their case', () => {
    expect(passwordProblem('qwertyuiopasdfghjkl')).toMatch(/too common/);
    expect(passwordProblem('1Qaz2wsx3edc')).toMatch(/too common/);
    expect(passwordProblem('123456789012')).toMatch(/too common/);
  });

  it('refuses what common-passwords.txt lists, first entry to last', () => {
    const listed = readFileSync(new URL('../src/auth/common-passwords.txt', import.meta.url), 'utf8')
      .trimEnd()
      .split('\n');
    expect(listed).toHaveLength(10_000);
    // neither repetitive nor a run, so only the list can refuse them
    for (const p of ['qwertyqwerty', 'QwertyQwerty', listed[0]!, listed.at(-1)!])
      expect(passwordProblem(p), p).toMatch(/too common/);
  });

  it('refuses blank, repetitive and sequential passwords of any length', () => {
    for (const p of [
      '            ',
      '\t \t \t \t \t \t ',
      'abababababab',
      'xxxxxxxxxxxxxxxx',
      'bcdefghijklm',
      'lkjihgfedcba',
    ])
      expect(passwordProblem(p), JSON.stringify(p)).toMatch(/too common/);
    expect(passwordProblem('abcdefghijkz')).toBeNull();
    expect(passwordProblem('abcabcabcabc1')).toBeNull();
  });

  it('refuses the username inside the password', () => {
    expect(passwordProblem('frontdesk-is-fun', 'FrontDesk')).toMatch(/username/);
  });

  it('accepts a long uncommon passphrase', () => {
    expect(passwordProblem('mango tractor velvet 42', 'desk')).toBeNull();
  });
});
