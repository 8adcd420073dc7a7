import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { EVENT, mockApi, renderApp } from '../public/test-utils';

/*
 * Issue 46: staff's translations of event and package texts reach the visitor. The events are read
 * in the page's language (`?lang=`, none for English), and a language switch reads them again.
 */
describe("the catalogue in the visitor's language", () => {
  it('reads the events with ?lang= and shows the translated name after a switch', async () => {
    const fetchMock = mockApi({
      'GET /api/events': (url: URL) =>
        Response.json({
          success: true,
          data: [{ ...EVENT, name: url.searchParams.get('lang') === 'zh' ? '白大褂健康检查' : EVENT.name }],
        }),
    });
    renderApp('/');
    expect(await screen.findByText(EVENT.name)).toBeTruthy();
    await act(() => setLanguage('zh'));
    expect(await screen.findByText('白大褂健康检查')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/events'));
    expect(asked).toContain('/api/events');
    expect(asked).toContain('/api/events?lang=zh');
  });
});
