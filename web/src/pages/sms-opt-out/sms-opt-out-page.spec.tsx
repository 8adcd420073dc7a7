import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { mockApi, renderApp } from '../../public/test-utils';

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

  it("speaks the visitor's language from the one web catalogue (issue 44)", async () => {
    mockApi({ [`GET ${PATH}`]: { success: true, data: { optedOut: false, optedOutAt: null } } });
    await act(() => setLanguage('zh'));
    renderApp(`/sms-opt-out/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: '短信提醒' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '停止短信提醒' })).toBeTruthy();
  });
});
