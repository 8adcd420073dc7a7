import { countEvents } from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type DeskDay, startDeskDay } from './desk-fixture';
import type { TestApi } from './helpers';

/**
 * Issue 45: the desk takes what is left to pay (priced by the server, once, the staff member the
 * actor) and takes a check-in back with a reason, on the appointment day.
 */
describe('money and corrections at the front desk', () => {
  let desk: DeskDay;
  let api: TestApi;
  let today: number;
  let tomorrow: number;
  const admin: DeskDay['admin'] = (...args) => desk.admin(...args);
  const book = (timeslotId: number) => desk.book(timeslotId);
  const pay = (id: number, body: object = { method: 'cash' }) =>
    admin('POST', `/api/admin/registrations/${id}/desk-payment`, body);
  const undo = (id: number, body: object) =>
    admin('POST', `/api/admin/registrations/${id}/check-in/undo`, body);
  const scan = (body: object) => admin('POST', '/api/admin/check-ins', body);
  const history = async (id: number) =>
    (await admin('GET', `/api/admin/registrations/${id}/history`)).json().data as {
      type: string;
      actor: string;
      actorRole: string | null;
      summary: string;
    }[];
  const payments = (id: number) =>
    countEvents(api.db.sql, { streamId: `registration-${id}`, type: 'PaymentRecorded' });

  beforeAll(async () => {
    desk = await startDeskDay({
      name: 'Desk Screening',
      slug: 'desk-screening',
      location: 'Bedok',
      packageName: 'Desk Basic',
      price: '120',
      time: '23:45',
    });
    ({ api, today, tomorrow } = desk);
  }, 60_000);
  afterAll(() => desk?.close());

  it('records the balance the server priced, by the staff member, once; then the party checks in without a waiver', async () => {
    const { id, ref } = await book(today);
    const owing = await scan({ referenceNumber: ref });
    expect(owing.statusCode).toBe(409);
    const balance = owing.json().message.match(/S\$(\d+\.\d\d)/)[1] as string;

    // the client names no amount: one it sends is refused, never trusted
    expect((await pay(id, { method: 'cash', amount: '1.00' })).statusCode).toBe(400);
    expect((await pay(id, { method: 'cheque' })).statusCode).toBe(400);

    // the balance the desk saw must still be the balance: else nothing is recorded
    const stale = await pay(id, { method: 'cash', expectedAmount: '1.00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `The balance is now S$${balance}: check the amount with the customer, then record it again.`,
    );
    expect(await payments(id)).toBe(0);

    const paid = await pay(id, { method: 'nets', expectedAmount: balance });
    expect(paid.statusCode, paid.body).toBe(201);
    const data = paid.json().data;
    expect(data.message).toBe(`Payment of S$${balance} recorded: NETS`);
    expect(data.receipt).toMatchObject({ amount: balance, method: 'nets' });
    expect(data.receipt.transactionId).toMatch(/^desk-[0-9a-f-]{36}$/);
    expect(data.receipt.recordedBy).toMatch(/^admin\d+$/);
    expect(data.party).toMatchObject({ status: 'paid', paymentStatus: 'paid', balanceDue: '0.00' });

    const again = await pay(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Nothing is left to pay on this booking.');
    expect(await payments(id)).toBe(1);

    const entries = await history(id);
    expect(entries.find((h) => h.type === 'PaymentRecorded')).toMatchObject({
      actor: expect.stringMatching(/^admin:admin\d+$/),
      summary: `Payment of S$${balance} recorded by nets (transaction ${data.receipt.transactionId})`,
    });
    const checked = await scan({ referenceNumber: ref });
    expect(checked.statusCode, checked.body).toBe(200);

    // Paid at the desk: nothing for Refund… to give back through the card gateway
    const row = async () => (await admin('GET', `/api/admin/registrations/${id}`)).json().data;
    await expect.poll(async () => (await row()).paidAmount, { timeout: 10_000 }).toBe(balance);
    expect((await row()).refundable).toBe('0.00');
  });

  it('20 desks recording one order at once record one payment', async () => {
    const { id } = await book(today);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().message).toBe('Nothing is left to pay on this booking.');
    }
    expect(await payments(id)).toBe(1);
  });

  it('a card payment and the desk racing on one order take its balance once, ten times over', async () => {
    for (let i = 0; i < 10; i++) {
      const { id, ref } = await book(today);
      // the balance, as the log has it (the check-in's refusal names it)
      const balance = (await scan({ referenceNumber: ref })).json().message.match(/S\$(\d+\.\d\d)/)[1];
      const [card, desk] = await Promise.all([
        api.app.inject({
          method: 'POST',
          url: '/api/payments/process',
          payload: { registrationId: id, nonce: 'fake-valid-nonce', amount: balance },
        }),
        pay(id),
      ]);
      // one of them took the balance; the other was refused, nothing charged or recorded twice
      expect(
        [card.statusCode, desk.statusCode].filter((c) => c === 200 || c === 201),
        `${card.body} ${desk.body}`,
      ).toHaveLength(1);
      expect(await payments(id)).toBe(1);
    }
  });

  it('a waived check-in is recorded with its amount and reason in the history', async () => {
    const { id, ref } = await book(today);
    const res = await scan({ referenceNumber: ref, waiveReason: 'Paid by the employer on invoice' });
    expect(res.statusCode, res.body).toBe(200);
    // the waiver does not pretend the money came in
    expect(res.json().data.party.paymentStatus).toBe('balance_due');
    const entry = (await history(id)).find((h) => h.type === 'ParticipantsCheckedIn');
    expect(entry?.summary).toMatch(
      /^Checked in 1 participant\(s\) by admin\d+; S\$\d+\.\d\d due waived: Paid by the employer on invoice$/,
    );
  });

  it('undoes a check-in with a reason on the day; it can be checked in again', async () => {
    const { id, ref } = await book(today);
    expect((await pay(id)).statusCode).toBe(201);
    expect((await undo(id, { reason: 'Nobody is in yet' })).statusCode).toBe(409);
    expect((await scan({ referenceNumber: ref })).statusCode).toBe(200);

    expect((await undo(id, {})).statusCode).toBe(400);
    const blank = await undo(id, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Give a reason for undoing the check-in.');

    const undone = await undo(id, { reason: 'Scanned the wrong party' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.message).toBe('Check-in undone for 1 person');
    expect(undone.json().data.party.people[0].checkedInAt).toBeNull();
    expect((await history(id)).find((h) => h.type === 'CheckInUndone')).toMatchObject({
      actor: expect.stringMatching(/^admin:/),
      summary: expect.stringMatching(
        /^Check-in of 1 participant\(s\) undone by admin\d+: Scanned the wrong party$/,
      ),
    });
    const again = await scan({ referenceNumber: ref });
    expect(again.json().data.alreadyCheckedIn).toBe(false);

    const later = await book(tomorrow);
    const other = await undo(later.id, { reason: 'x' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('A check-in can be undone only on the appointment day.');
    expect((await undo(999_999, { reason: 'x' })).statusCode).toBe(404);
  });

  it('the front desk may record and undo; finance may not', async () => {
    const tokenOf = async (role: string) => {
      await createUser(api.db.sql, { username: `${role}9`, password: 'correct horse battery', role });
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: `${role}9`, password: 'correct horse battery' },
      });
      return { authorization: `Bearer ${res.json().data.token}` };
    };
    const desk = await tokenOf('front_desk');
    const finance = await tokenOf('finance');
    const { id } = await book(today);
    const url = `/api/admin/registrations/${id}/desk-payment`;
    const refused = await api.app.inject({
      method: 'POST',
      url,
      headers: finance,
      payload: { method: 'cash' },
    });
    expect(refused.statusCode).toBe(403);
    const byDesk = await api.app.inject({
      method: 'POST',
      url,
      headers: desk,
      payload: { method: 'card_terminal' },
    });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    expect(byDesk.json().data.receipt.recordedBy).toBe('front_desk9');
    // the history names the staff member's role, not "admin" for everyone
    const entry = (await history(id)).find((h) => h.type === 'PaymentRecorded');
    expect(entry).toMatchObject({ actor: 'admin:front_desk9', actorRole: 'front_desk' });
    const booked = (await history(id)).find((h) => h.type === 'RegistrationBooked') as {
      actorRole: string | null;
    };
    expect(booked.actorRole).toBeNull();
  });
});
