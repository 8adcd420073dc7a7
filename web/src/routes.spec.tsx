import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT, mockApi, renderApp } from './public/test-utils';

const PAGE = '/events/whitecoat-health-screening';
const EVENT_READ = 'GET /api/events/whitecoat-health-screening';

const eventReads = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(
    ([u]) => new URL(String(u), 'http://localhost').pathname === `/api/events/${EVENT.slug}`,
  ).length;

describe('/events/{slug}', { timeout: 30_000 }, () => {
  it('leaves nothing of its answer to another app: a page left before it came does not fail the next', async () => {
    // First in its file, so (alone) the first render of this route in the module graph. Until session 29
    // the route used SWR's preload(), whose promise waits in a module-wide map until a page takes it: a
    // render left before its page arrived handed its failed answer to the next app, in another test or
    // file (the web tests share a worker's modules), as "We couldn't load the event details".
    const failing = mockApi({
      [EVENT_READ]: () => Response.json({ success: false, message: 'Server error' }, { status: 500 }),
    });
    const first = renderApp(PAGE);
    first.unmount();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(eventReads(failing)).toBeLessThanOrEqual(1);

    const fetchMock = mockApi({ [EVENT_READ]: { success: true, data: EVENT } });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: EVENT.name })).toBeTruthy();
    expect(screen.queryByText("We couldn't load the event details. Please try again later.")).toBeNull();
    expect(eventReads(fetchMock)).toBe(1);
  });

  it('asks for the event once, the route and its page sharing the request', async () => {
    const fetchMock = mockApi({ [EVENT_READ]: { success: true, data: EVENT } });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: EVENT.name })).toBeTruthy();
    expect(eventReads(fetchMock)).toBe(1);
  });
});
