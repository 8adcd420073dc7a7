/**
 * The waiting list across processes (issue 22): one api and two workers, each running the matcher and
 * either running the reactor, on one database and one Redis. Three people wait for a one-seat slot;
 * when its booking is cancelled exactly one offer email goes out, to the first in line, and its
 * /waitlist/{token} link opens the held slot in the api (the worker signs the link, the api reads it:
 * both derive the secret from JWT_SECRET, no WAITLIST_TOKEN_SECRET set). Leaving through the link
 * withdraws the offer and the seat passes to the next in line, again with one email. Every email is
 * counted: each person gets exactly the emails their story owes them.
 */
import { type ProductStack, type TestSmtp, startProductStack, startSmtp } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaidBooking, type Screening, bookAndPay, call, screening, waitUntil } from './lib/scale-out';
import { waitQuiet } from './lib/fault-helpers';

const BASE = 'https://book.example.sg';
/**
 * A window with nothing left to do (log reacted to, no job pending) in which a wrongful offer or a
 * duplicate email would show: the matcher runs on every append and SETTLE_MS (500 ms) after it, and
 * sweeps every WAITLIST_SWEEP_MS (200 ms); a failed email retries after JOB_BACKOFF_MS (500 ms).
 */
const QUIET_MS = 1_000;
const PEOPLE = ['wl.first@example.com', 'wl.second@example.com', 'wl.third@example.com'];

describe('the waiting list with two workers', () => {
  let stack: ProductStack;
  let smtp: TestSmtp;
  let s: Screening;
  let booking: PaidBooking;

  const mails = (email: string, subject?: string) =>
    smtp.received.filter((m) => m.to.includes(email) && (!subject || m.subject.startsWith(subject)));
  const waitForMail = (email: string, subject: string) =>
    waitUntil(
      30_000,
      () => mails(email, subject).length > 0,
      () =>
        `no "${subject}" email to ${email}; got ${JSON.stringify(smtp.received.map((m) => [m.to, m.subject]))}`,
    );
  /** Seats the waiting list's offers reserved on the slot, in the log. */
  const waitlistHolds = async (slotId: number) => {
    const [held] = await stack.db.sql<{ n: number }[]>`
      select count(*)::int as n from events
      where stream_id = ${`timeslot-${slotId}`} and type = 'SeatsReserved'
        and data->>'registrationId' like 'waitlist-%'`;
    return held!.n;
  };
  /** The path of the entry's link in a mail (the worker's PUBLIC_BASE_URL in front). */
  const linkPath = (html: string) => {
    const m = new RegExp(`href="${BASE}(/waitlist/[A-Za-z0-9_-]+)"`).exec(html);
    expect(m, html).not.toBeNull();
    return m![1]!;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    stack = await startProductStack({
      workers: 2,
      env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, WAITLIST_SWEEP_MS: '200', JOB_BACKOFF_MS: '500' },
    });
    s = await screening(stack, [1]);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('one offer at a time, its link opens the held slot, and the seat passes on after a leave', async () => {
    const slotId = s.slotIds[0]!;
    booking = await bookAndPay(stack.baseUrl, stack.baseUrl, 1, slotId, s);
    for (const [i, email] of PEOPLE.entries()) {
      const joined = await call('POST', `${stack.baseUrl}/api/waitlist`, {
        eventId: s.eventId,
        packageId: s.packageId,
        postalCode: '530123',
        firstName: 'Wai',
        lastName: `Ting${i}`,
        email,
        mobileNumber: '91234567',
        seats: 1,
      });
      expect(joined.status, JSON.stringify(joined.json)).toBe(201);
      expect(joined.json.data.position).toBe(i + 1);
      await waitForMail(email, 'You are on the waiting list');
    }
    // the slot is full: nobody is offered anything while the booking stands
    await waitQuiet(stack, QUIET_MS);
    expect(smtp.received.filter((m) => m.subject.startsWith('Seats are held for you'))).toHaveLength(0);
    expect(await waitlistHolds(slotId)).toBe(0);

    const cancelled = await call(
      'POST',
      `${stack.baseUrl}/api/registrations/${booking.registrationId}/cancel`,
    );
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    await waitForMail(PEOPLE[0]!, 'Seats are held for you');
    const path = linkPath(mails(PEOPLE[0]!, 'Seats are held for you')[0]!.html);
    const entry = await call('GET', `${stack.baseUrl}/api${path}`);
    expect(entry.status, JSON.stringify(entry.json)).toBe(200);
    expect(entry.json.data).toMatchObject({
      email: PEOPLE[0],
      status: 'offered',
      position: 1,
      offer: { timeslotId: slotId },
    });
    // two workers sweeping every 200 ms: still one offer, and the seat is held once
    await waitQuiet(stack, QUIET_MS);
    expect(smtp.received.filter((m) => m.subject.startsWith('Seats are held for you'))).toHaveLength(1);
    expect(await waitlistHolds(slotId)).toBe(1);

    const left = await call('DELETE', `${stack.baseUrl}/api${path}`);
    expect(left.status, JSON.stringify(left.json)).toBe(200);
    await waitForMail(PEOPLE[0]!, 'You have left the waiting list');
    await waitForMail(PEOPLE[1]!, 'Seats are held for you');
    const second = await call(
      'GET',
      `${stack.baseUrl}/api${linkPath(mails(PEOPLE[1]!, 'Seats are held for you')[0]!.html)}`,
    );
    expect(second.json.data).toMatchObject({ status: 'offered', position: 1, offer: { timeslotId: slotId } });

    await waitQuiet(stack, QUIET_MS);
    // every email once: joined + offer + left; joined + offer; joined only
    const subjects = (email: string) =>
      mails(email)
        .map((m) => m.subject.split(' ').slice(0, 3).join(' '))
        .sort();
    expect(subjects(PEOPLE[0]!)).toEqual(['Seats are held', 'You are on', 'You have left']);
    expect(subjects(PEOPLE[1]!)).toEqual(['Seats are held', 'You are on']);
    expect(subjects(PEOPLE[2]!)).toEqual(['You are on']);
    // the first offer's hold and the second's: no third, no duplicate
    expect(await waitlistHolds(slotId)).toBe(2);
  }, 120_000);
});
