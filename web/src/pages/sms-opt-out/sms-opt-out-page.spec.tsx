import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@hs/domain';
import { mockApi, renderApp } from '../../public/test-utils';
import { SMS_OPT_OUT_TEXTS } from './texts';

const TOKEN = `42.${'a'.repeat(43)}`;
const PATH = `/api/sms-opt-out/${TOKEN}`;

describe('/sms-opt-out/:token (issue 26)', () => {
  it('explains, stops SMS reminders with one press, and says so', async () => {
    const fetchMock = mockApi({
      [`GET ${PATH}`]: { success: true, data: { optedOut: false, optedOutAt: null } },
      [`POST ${PATH}`]: { success: true, data: { optedOut: true, optedOutAt: '2026-11-25T06:00:00.000Z' } },
    });
    renderApp(`/sms-opt-out/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS reminders' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop SMS reminders' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You will not receive SMS reminders for this booking.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('an opted-out booking shows that at once', async () => {
    mockApi({
      [`GET ${PATH}`]: { success: true, data: { optedOut: true, optedOutAt: '2026-11-25T06:00:00.000Z' } },
    });
    renderApp(`/sms-opt-out/${TOKEN}`);
    expect((await screen.findByRole('status')).textContent).toContain('You will not receive SMS reminders');
  });

  it('a forged link says it is not valid', async () => {
    mockApi({});
    renderApp('/sms-opt-out/forged');
    expect((await screen.findByRole('alert')).textContent).toBe('This opt-out link is not valid.');
  });

  it('every language has every text', () => {
    const keys = Object.keys(SMS_OPT_OUT_TEXTS.en).sort();
    for (const l of LANGUAGES) {
      expect(Object.keys(SMS_OPT_OUT_TEXTS[l]).sort()).toEqual(keys);
      for (const k of keys)
        expect(SMS_OPT_OUT_TEXTS[l][k as keyof (typeof SMS_OPT_OUT_TEXTS)['en']]).not.toBe('');
    }
  });
});
