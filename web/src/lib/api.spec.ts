import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, errorMessage, fetcher, request } from './api';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ success: true, data: [] }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastCall() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe('buildUrl', () => {
  it('appends params as a query string, skipping null and undefined', () => {
    expect(buildUrl('/api/x', { a: 1, b: null, c: undefined, d: 'two words', e: false })).toBe(
      '/api/x?a=1&d=two+words&e=false',
    );
  });

  it('leaves the path alone when nothing is left to send', () => {
    expect(buildUrl('/api/x', { a: null, b: undefined })).toBe('/api/x');
    expect(buildUrl('/api/x')).toBe('/api/x');
  });

  it('repeats array values and extends an existing query', () => {
    expect(buildUrl('/api/x?z=1', { id: [1, null, 2] })).toBe('/api/x?z=1&id=1&id=2');
  });
});

describe('api client', () => {
  it('GETs with params in the query string, cookies included and no body', async () => {
    await api.get('/api/auto-timeslots/postal-code', { postalCode: '530123', eventId: 7, date: null });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/auto-timeslots/postal-code?postalCode=530123&eventId=7');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends a body as JSON with a JSON content type', async () => {
    await api.post('/api/discounts/validate', { code: 'SAVE10', subtotal: 120 });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"code":"SAVE10","subtotal":120}');
    expect(init.credentials).toBe('include');
  });

  it('sends no body and no content type for a body-less POST', async () => {
    await api.post('/api/registrations/12/cancel');
    const { init, headers } = lastCall();
    expect(init.body).toBeUndefined();
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('uses PUT, PATCH and DELETE', async () => {
    await api.put('/api/participants/1', { name: 'A' });
    expect(lastCall().init.method).toBe('PUT');
    await api.patch('/api/admin/registrations/1', { status: 'confirmed' });
    expect(lastCall().init.method).toBe('PATCH');
    await api.delete('/api/participants/1');
    expect(lastCall().init.method).toBe('DELETE');
  });

  it('adds the bearer token from localStorage on /api/admin/ paths only', async () => {
    localStorage.setItem('auth_token', 'tok-123');
    await api.get('/api/admin/events');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok-123');

    await api.get('/api/events');
    expect(lastCall().headers.has('Authorization')).toBe(false);
    expect(lastCall().init.credentials).toBe('include');
  });

  it('sends no Authorization header on admin paths when no token is stored', async () => {
    await api.post('/api/admin/login', { username: 'a', password: 'b' });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('resolves with the parsed JSON body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { id: 1, name: 'Event' } }));
    await expect(api.get('/api/events/x')).resolves.toEqual({
      success: true,
      data: { id: 1, name: 'Event' },
    });
  });

  it('resolves with text for non-JSON bodies and undefined for empty ones', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('reference,name\nHS1,Tan', { headers: { 'Content-Type': 'text/csv' } }),
    );
    await expect(api.get('/api/admin/registrations/export')).resolves.toBe('reference,name\nHS1,Tan');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/api/admin/events/1')).resolves.toBeUndefined();
  });

  it("throws an ApiError with message '{status}: {body}' on any non-OK response", async () => {
    const body = '{"success":false,"message":"Registration not found"}';
    fetchMock.mockResolvedValueOnce(
      new Response(body, { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    const error = await api.get('/api/registrations/lookup/HS2505-0607-1234').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`404: ${body}`);
    expect(apiError.status).toBe(404);
    expect(apiError.body).toEqual({ success: false, message: 'Registration not found' });
    expect(apiError.serverMessage).toBe('Registration not found');
    expect(errorMessage(apiError)).toBe('Registration not found');
  });

  it('keeps a plain-text error body as text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    const error = (await request('GET', '/api/events').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.body).toBe('Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error)).toBe('502: Bad Gateway');
  });

  it('lets network failures through unchanged', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/events')).rejects.toThrow('Failed to fetch');
  });
});

describe('fetcher', () => {
  it('GETs a string key', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: [1] }));
    await expect(fetcher('/api/events')).resolves.toEqual({ success: true, data: [1] });
    expect(lastCall().url).toBe('/api/events');
  });

  it('GETs a [path, params] key with its params', async () => {
    await fetcher(['/api/auto-timeslots/date', { date: '2025-05-06', eventId: 3, region: undefined }]);
    expect(lastCall().url).toBe('/api/auto-timeslots/date?date=2025-05-06&eventId=3');
    expect(lastCall().init.method).toBe('GET');
  });
});
