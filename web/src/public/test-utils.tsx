import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app';

// jsdom has no PointerEvent; zag's press handling constructs one on blur.
if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    pointerId = 1;
    pointerType = 'mouse';
  }
  (window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = PointerEventPolyfill;
  (globalThis as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = PointerEventPolyfill;
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** Stubs fetch with `routes` ("GET /api/events" -> handler or JSON body); anything else 404s. */
export function mockApi(routes: Record<string, unknown | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return Response.json({ success: false, message: 'Not found' }, { status: 404 });
    if (typeof route === 'function') {
      const res = await (route as Handler)(url, init);
      return res ?? Response.json({ success: false, message: 'Not found' }, { status: 404 });
    }
    return Response.json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([u, init]) =>
      new URL(String(u), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const utils = render(<App location={location} swr={{ provider: () => new Map(), dedupingInterval: 0 }} />);
  return { ...utils, location };
}

export const EVENT = {
  id: 1,
  name: 'WhiteCoat Health Screening',
  slug: 'whitecoat-health-screening',
  description: 'Screening near you.',
  location: null,
  isActive: true,
  timeslotMode: 'auto',
  availabilityLabel: 'Slots Available',
  timeslots: [],
  dates: [],
  packages: [
    { id: 1, name: 'Basic Health Screening', description: 'Basic tests', price: '128.00', aiaPrice: '98.00' },
    {
      id: 2,
      name: 'Comprehensive Health Screening',
      description: 'More tests',
      price: '268.00',
      aiaPrice: null,
    },
  ],
};

export const TIMESLOTS = {
  success: true,
  region: 'central',
  regionName: 'Central',
  postalCode: '180001',
  data: {
    '2026-12-01': {
      date: { label: 'Tuesday, 1 December 2026', value: '2026-12-01' },
      timeslots: [
        {
          id: 11,
          label: '9:00 AM',
          date: '2026-12-01',
          time: '09:00',
          isAvailable: true,
          currentAttendees: 3,
          maxAttendees: 20,
        },
        {
          id: 12,
          label: '11:00 AM',
          date: '2026-12-01',
          time: '11:00',
          isAvailable: true,
          currentAttendees: 20,
          maxAttendees: 20,
        },
      ],
    },
    '2026-12-04': {
      date: { label: 'Friday, 4 December 2026', value: '2026-12-04' },
      timeslots: [
        {
          id: 21,
          label: '9:00 AM',
          date: '2026-12-04',
          time: '09:00',
          isAvailable: true,
          currentAttendees: 19,
          maxAttendees: 20,
        },
      ],
    },
  },
};
