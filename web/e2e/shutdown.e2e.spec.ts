import { request } from 'node:http';
import { findEvents } from '@hs/eventstore';
import { type ProductStack, startProductStack } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The api on SIGTERM under load: requests already accepted get their answers, the listener stops
 * taking new connections, the process exits well within 10 s, and every booking it acknowledged is
 * in the log.
 */
describe('api shutdown under load', () => {
  let stack: ProductStack;
  beforeAll(async () => {
    stack = await startProductStack({ worker: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('finishes in-flight requests, refuses new ones, and exits within 10 s', async () => {
    const [slot] = await stack.db.sql<{ id: number; eventId: number; packageId: number }[]>`
      select t.id, t.event_id as "eventId", ep.package_id as "packageId"
      from timeslots t join event_packages ep on ep.event_id = t.event_id
      where t.region is null order by t.date, t.time limit 1`;
    const body = (i: number) => ({
      eventId: slot!.eventId,
      packageId: slot!.packageId,
      timeslotId: slot!.id,
      firstName: 'Shut',
      lastName: `Down${i}`,
      email: `sd${i}@example.com`,
      mobileNumber: '91234567',
      gender: 'female',
      identificationNumber: `S77${String(i).padStart(5, '0')}A`,
      dateOfBirth: '1990-01-01',
      postalCode: '310123',
      address: '1 Toa Payoh',
    });
    const send = (i: number) =>
      fetch(`${stack.baseUrl}/api/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: { id: number } } }))
        .catch((err: Error) => ({
          status: 0,
          error: String(err.cause ?? err.message),
          body: {} as { data?: { id: number } },
        }));

    const exited = new Promise<number>((resolve) => stack.api.once('exit', () => resolve(Date.now())));
    const inFlight = Array.from({ length: 30 }, (_, i) => send(i));
    await new Promise((r) => setTimeout(r, 30));
    const signalledAt = Date.now();
    stack.api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    // A new connection (no pooled keep-alive socket) after close: the listener must refuse it.
    const late = await new Promise<{ status: number }>((resolve) => {
      const req = request(`${stack.baseUrl}/api/events`, { agent: false }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? -1 });
      });
      req.on('error', () => resolve({ status: 0 }));
      req.end();
    });
    const answers = await Promise.all(inFlight);
    const exitAt = await exited;

    expect(exitAt - signalledAt).toBeLessThan(10_000);
    expect(late.status, 'a request after the listener closed is refused, not answered').toBe(0);
    // Requests the api had accepted were answered (201 or 409). One that reached a kept-alive connection
    // after shutdown began gets 503 (nothing written, try again); none gets any other 5xx.
    const answered = answers.filter((a) => a.status !== 0);
    expect(answered.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(answered.length).toBeGreaterThan(0);
    const acknowledged = answered.filter((a) => a.status === 201).map((a) => a.body.data!.id);
    const inLog = await findEvents<{ registrationId: number }>(stack.db.sql, { type: 'RegistrationBooked' });
    expect(inLog.map((e) => Number(e.data.registrationId))).toEqual(expect.arrayContaining(acknowledged));
  });
});
