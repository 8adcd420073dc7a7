import { append } from '@hs/eventstore';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrderTimeline } from '../src';

/**
 * The order timeline is read from the log (issue 27). Without a codec installed the log holds the
 * fields in clear, so what is checked here is the reader's own part: which events are lines, who and
 * when, the summaries, and that an erased order's lines name no one, wherever the field sits.
 */
describe('order timeline from the log', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const at = '2026-11-25T02:00:00.000Z';
  const add = (id: number, events: { type: string; data: unknown }[], actor = 'admin:staff1') =>
    append(db.sql, { streamId: `registration-${id}`, expectedVersion: 'any', events }, { actor });

  it('lists the timeline events of one order in version order, with actor, time and summary', async () => {
    await add(7001, [
      { type: 'StatusChanged', data: { from: 'pending_payment', to: 'confirmed', source: 'admin', at } },
    ]);
    await add(7002, [
      { type: 'StatusChanged', data: { from: 'confirmed', to: 'canceled', source: 'admin', at } },
    ]);
    // a fact the stream keeps for the worker that staff do not read: not a line
    await add(7001, [{ type: 'InvoiceEmailQueued', data: { at } }]);
    await add(
      7001,
      [{ type: 'ConfirmationEmailSent', data: { to: 'kim@example.com', messageId: 'm1', at } }],
      'worker',
    );

    const lines = await readOrderTimeline(db.sql, 7001);
    expect(lines.map((l) => [l.version, l.type, l.actor, l.summary])).toEqual([
      [1, 'StatusChanged', 'admin:staff1', 'Status changed from pending_payment to confirmed'],
      [3, 'ConfirmationEmailSent', 'worker', 'Confirmation email sent'],
    ]);
    expect(lines[1]!.data).toMatchObject({ to: 'kim@example.com' });
    expect(lines[0]!.at).toBeInstanceOf(Date);
    expect(await readOrderTimeline(db.sql, 7999)).toEqual([]);
  });

  it("empties every personal field of an erased order's lines, before and after the erasure, and keeps a status's `to`", async () => {
    const person = { firstName: 'Kim', lastName: 'Ong', gender: 'female', email: 'kim.ong@example.com' };
    await add(7100, [
      { type: 'ParticipantUpdated', data: { participantId: 'p1', changes: person, at } },
      { type: 'PrimaryParticipantChanged', data: { from: 'p0', to: 'p1', at } },
      { type: 'ConfirmationEmailSent', data: { to: person.email, messageId: 'm2', at } },
    ]);
    const before = await readOrderTimeline(db.sql, 7100);
    expect(JSON.stringify(before)).toContain('kim.ong@example.com');

    await add(7100, [
      { type: 'PersonalDataErased', data: { subjectIds: ['p1'], by: 'admin', reason: 'request', at } },
      { type: 'StatusChanged', data: { from: 'confirmed', to: 'canceled', source: 'admin', at } },
    ]);
    const after = await readOrderTimeline(db.sql, 7100);
    const text = JSON.stringify(after);
    for (const value of Object.values(person)) expect(text).not.toContain(value);
    expect(after.map((l) => l.type)).toEqual([
      'ParticipantUpdated',
      'PrimaryParticipantChanged',
      'ConfirmationEmailSent',
      'PersonalDataErased',
      'StatusChanged',
    ]);
    expect(after[0]!.data).toMatchObject({ changes: { firstName: '', gender: '', email: '' } });
    // the `to` of a primary change is a participant id, of a status change a status: they stay
    expect(after[1]!.data).toMatchObject({ to: 'p1' });
    expect(after[2]!.data).toMatchObject({ to: '' });
    expect(after[4]!.summary).toBe('Status changed from confirmed to canceled');
    expect(after[3]!.summary).toBe('Personal data erased by admin (request)');
  });
});
