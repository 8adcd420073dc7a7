import { describe, expect, it } from 'vitest';
import { setLanguage, translateMessage } from './index';

/*
 * Issue 46: a server message with a value in it (the member-check limit's window, set by
 * MEMBER_CHECK_WINDOW_MINUTES) is still translated, with the value it came with.
 */
describe('translateMessage', () => {
  it('translates a known message, and one with a value, keeping the value; leaves others as they came', async () => {
    await setLanguage('zh', false);
    expect(translateMessage('Too many membership checks. Please try again in 15 minutes.')).toBe(
      '会员资格查询次数过多。请在 15 分钟后再试。',
    );
    expect(
      translateMessage(
        'Too many membership checks for this identification number. Please try again in 10 minutes.',
      ),
    ).toBe('此身份证号码的会员资格查询次数过多。请在 10 分钟后再试。');
    expect(translateMessage('Something the site does not know.')).toBe('Something the site does not know.');
    await setLanguage('en', false);
    expect(translateMessage('Too many membership checks. Please try again in 15 minutes.')).toBe(
      'Too many membership checks. Please try again in 15 minutes.',
    );
  });
});
