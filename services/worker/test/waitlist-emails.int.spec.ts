/**
 * The waiting list's emails (issue 22), end to end against real Postgres, Redis, an in-process SMTP
 * server and the running worker: joined, offer made, offer expired and left each send one email whose
 * /waitlist/{token} link is the entry's (the token the api finds the entry by), and the jobs carry ids only.
 */
import { hashWaitlistToken, joinWaitlist, leaveWaitlist, matchWaitlist, waitlistToken } from '@hs/commands';
import { formatAppointmentDate, waitlistEntryId } from '@hs/domain';
import { countEvents, findEvents } from '@hs/eventstore';
import { readWaitlistEntryByTokenHash } from '@hs/read-models';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { waitlistEmailSettled } from '../src/jobs/waitlist-email';
import { type Catalogue, type TestSmtp, seedCatalogue, startSmtp } from './helpers';

const SECRET = 'waitlist-secret-for-the-worker-test-0000';
const BASE = 'https://book.example.sg';

describe('worker: waiting-list emails', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  let worker: RunningWorker;
  let jobs: Queue;
  let packageId: number;
  let prefix: string;
  let redis: Redis;
  const poll = { timeout: 20_000, interval: 50 };
  const meta = { actor: 'test' };

  const mailsTo = (email: string, subject: string) =>
    smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith(subject));
  /** The token in a mail's link, and what the api finds by it. */
  const linkOf = async (html: string) => {
    const match = new RegExp(`href="${BASE}/waitlist/([A-Za-z0-9_-]+)"`).exec(html);
    expect(match, html).not.toBeNull();
    const token = match![1]!;
    return { token, entry: await readWaitlistEntryByTokenHash(db.sql, hashWaitlistToken(token)) };
  };
  /** One matcher sweep as of `clock` (the worker's own may have run too), then the entry's status. */
  const sweepUntil = async (entryId: string, _status: string, clock = () => new Date()) => {
    await matchWaitlist(db.sql, clock, { offerMinutes: 60 }, meta);
    const [row] = await db.sql<
      { status: string }[]
    >`select status from waitlist_entries where id = ${entryId}`;
    return row?.status;
  };
  const join = (email: string, preferredDates: string[] = [], language?: 'zh') =>
    joinWaitlist(
      db.sql,
      {
        eventId: cat.eventId,
        packageId,
        postalCode: '560123',
        firstName: 'Mei',
        lastName: 'Ling',
        email,
        mobileNumber: '91234567',
        seats: 2,
        preferredDates,
      },
      { ...meta, tokenSecret: SECRET, ...(language ? { language } : {}) },
    );

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
    const [pkg] = await db.sql<{ id: number }[]>`
      insert into packages (name, price) values ('Basic Health', 128) returning id`;
    packageId = Number(pkg!.id);
    const { prefix: p, url } = testRedis();
    prefix = p;
    redis = new Redis(url);
    worker = await startWorker(
      readWorkerConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: db.url,
        REDIS_URL: url,
        BULLMQ_PREFIX: prefix,
        SMTP_URL: smtp.url,
        PUBLIC_BASE_URL: `${BASE}/`,
        WAITLIST_TOKEN_SECRET: SECRET,
        // the test makes and expires the offers itself, with its own clock
        WAITLIST_SWEEP_MS: '3600000',
        JOB_ATTEMPTS: '3',
        JOB_BACKOFF_MS: '100',
        WORKER_SHUTDOWN_GRACE_MS: '2000',
      }),
      { reactorRetryMaxMs: 500 },
    );
    jobs = new Queue('waitlist-email', { prefix, connection: { url } as never });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await jobs?.close();
    redis?.disconnect();
    await smtp.close();
    await db.drop();
  });

  it('joined, offered, expired and left: one email each, linking the entry by its token', async () => {
    // waits for a day with no slot: no offer for it
    const waiting = await join('waiting@example.com', ['2099-01-01']);
    await expect
      .poll(() => mailsTo('waiting@example.com', 'You are on the waiting list').length, poll)
      .toBe(1);
    const [joinedMail] = mailsTo('waiting@example.com', 'You are on the waiting list');
    expect(joinedMail!.subject).toBe('You are on the waiting list for Community Health Screening');
    expect(joinedMail!.text).toContain('at position 1');
    expect(joinedMail!.text).toContain('Basic Health');
    expect(joinedMail!.html).toContain('Leave the waiting list');
    const joinedLink = await linkOf(joinedMail!.html);
    // the token of the api's answer, derived again by the worker from the log, and it opens the entry
    expect(joinedLink.token).toBe(waiting.token);
    expect(joinedLink.entry?.id).toBe(waitlistEntryId(cat.eventId, 'waiting@example.com'));

    // the second entry fits the slot: the sweep offers it
    const offered = await join('offered@example.com');
    await expect.poll(() => sweepUntil(offered.id, 'offered'), poll).toBe('offered');
    await expect.poll(() => mailsTo('offered@example.com', 'Seats are held for you').length, poll).toBe(1);
    const [offerMail] = mailsTo('offered@example.com', 'Seats are held for you');
    expect(offerMail!.subject).toBe(
      `Seats are held for you: Community Health Screening on ${formatAppointmentDate('en', cat.day)}`,
    );
    // issue 46: the one date and time format ('Wed, 2 Dec 2026, 9:30 AM')
    expect(offerMail!.text).toContain(`${formatAppointmentDate('en', cat.day)}, 9:30 AM`);
    expect(offerMail!.text).toMatch(
      /until [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M \(Singapore time\)/,
    );
    expect(offerMail!.html).toContain('Complete my booking');
    expect(offerMail!.html).toContain('Leave the waiting list');
    const offerLink = await linkOf(offerMail!.html);
    expect(offerLink.token).toBe(offered.token);
    await expect.poll(async () => (await linkOf(offerMail!.html)).entry?.status, poll).toBe('offered');
    expect((await linkOf(offerMail!.html)).entry?.offer?.timeslotId).toBe(cat.timeslotId);

    // two hours on: the offer lapses
    const later = () => new Date(Date.now() + 2 * 3_600_000);
    await expect.poll(() => sweepUntil(offered.id, 'expired', later), poll).toBe('expired');
    await expect.poll(() => mailsTo('offered@example.com', 'Your waiting-list offer').length, poll).toBe(1);
    const [expiredMail] = mailsTo('offered@example.com', 'Your waiting-list offer');
    expect(expiredMail!.subject).toBe('Your waiting-list offer for Community Health Screening has expired');
    expect(expiredMail!.text).toContain('the offer has lapsed');
    // issue 46: the way back as a button, not a raw URL
    expect(expiredMail!.html).toContain(`href="${BASE}/events/`);
    expect(expiredMail!.text).toContain('Go to the booking site');
    expect((await linkOf(expiredMail!.html)).token).toBe(offered.token);

    await leaveWaitlist(db.sql, waiting.id, 'customer', meta);
    await expect.poll(() => mailsTo('waiting@example.com', 'You have left').length, poll).toBe(1);
    const [leftMail] = mailsTo('waiting@example.com', 'You have left');
    expect(leftMail!.subject).toBe('You have left the waiting list for Community Health Screening');
    expect((await linkOf(leftMail!.html)).token).toBe(waiting.token);

    // one job per event, ids only, and nothing sent twice
    const all = await jobs.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
    expect(all).toHaveLength(5);
    for (const job of all) expect(Object.keys(job.data).sort()).toEqual(['causeEventId', 'entryId']);
    const causes = await findEvents(db.sql, { streamId: `waitlist-${offered.id}` });
    expect(
      all
        .filter((j) => j.data.entryId === offered.id)
        .map((j) => j.data.causeEventId)
        .sort(),
    ).toEqual(
      causes
        // the claim sends none (the booking's confirmation does); the worker's own WaitlistEmailSent neither
        .filter((e) => e.type !== 'WaitlistOfferClaimed' && e.type !== 'WaitlistEmailSent')
        .map((e) => e.eventId)
        .sort(),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to.includes('waiting@example.com'))).toHaveLength(2);
    expect(smtp.received.filter((m) => m.to.includes('offered@example.com'))).toHaveLength(3);
    // the token itself is what the secret signs over the entry and when it joined
    const [joined] = await findEvents<{ joinedAt: string }>(db.sql, {
      streamId: `waitlist-${offered.id}`,
      type: 'WaitlistJoined',
    });
    expect(offered.token).toBe(waitlistToken(SECRET, offered.id, joined!.data.joinedAt));
  });

  it('issue 46: an entry joined in Chinese gets its emails in Chinese, the name family first', async () => {
    await join('zh-wait@example.com', ['2099-01-02'], 'zh');
    await expect.poll(() => mailsTo('zh-wait@example.com', '').length, poll).toBe(1);
    const [mail] = mailsTo('zh-wait@example.com', '');
    expect(mail!.subject.replace(/\s+/g, '')).toBe('您已加入CommunityHealthScreening的候补名单');
    expect(mail!.html).toContain('<html lang="zh-SG">');
    expect(mail!.text).toContain('Ling Mei，您好：');
    expect(mail!.html).toContain('退出候补名单');
  });

  it('an offer already ended when its job runs sends no offer email', async () => {
    const gone = await join('gone@example.com');
    await expect.poll(() => mailsTo('gone@example.com', 'You are on the waiting list').length, poll).toBe(1);
    await expect.poll(() => sweepUntil(gone.id, 'offered'), poll).toBe('offered');
    // left at once: the offer email, if its job runs after, skips itself
    await leaveWaitlist(db.sql, gone.id, 'customer', meta);
    await expect.poll(() => mailsTo('gone@example.com', 'You have left').length, poll).toBe(1);
    const offerJobs = (await jobs.getJobs(['completed'])).filter(
      (j) => j.data.entryId === gone.id && j.returnvalue && 'skipped' in j.returnvalue,
    );
    const offerMails = mailsTo('gone@example.com', 'Seats are held for you').length;
    // either it went out before the leave, or its job skipped: never both, never neither
    expect(offerMails + offerJobs.length).toBe(1);
    if (offerJobs.length) expect(offerJobs[0]!.returnvalue).toEqual({ skipped: 'offer already ended' });
  });

  it('a job run again for an email already sent (a retry after a crash, a re-queued job) sends nothing', async () => {
    const twice = await join('twice@example.com', ['2099-01-02']);
    await expect.poll(() => mailsTo('twice@example.com', 'You are on the waiting list').length, poll).toBe(1);
    const [cause] = await findEvents(db.sql, { streamId: `waitlist-${twice.id}`, type: 'WaitlistJoined' });
    const again = await jobs.add(
      'again',
      { entryId: twice.id, causeEventId: cause!.eventId },
      { jobId: 'again-1' },
    );
    await expect
      .poll(async () => (await jobs.getJob(again.id!))?.returnvalue, poll)
      .toEqual({
        skipped: 'already sent',
      });
    expect(mailsTo('twice@example.com', 'You are on the waiting list')).toHaveLength(1);
  });

  it("issue 47: a sent email is recorded on the entry's stream (WaitlistEmailSent, once), so a job run again after Redis lost its marker sends nothing", async () => {
    const entry = await join('fact@example.com', ['2099-01-03']);
    await expect.poll(() => mailsTo('fact@example.com', 'You are on the waiting list').length, poll).toBe(1);
    const streamId = `waitlist-${entry.id}`;
    await expect.poll(() => countEvents(db.sql, { streamId, type: 'WaitlistEmailSent' }), poll).toBe(1);
    const [cause] = await findEvents(db.sql, { streamId, type: 'WaitlistJoined' });
    const [sent] = await findEvents(db.sql, { streamId, type: 'WaitlistEmailSent' });
    expect(sent!.data).toMatchObject({ causeEventId: cause!.eventId, emailType: 'waitlist_joined' });
    expect(sent!.metadata).toMatchObject({ actor: 'worker:waitlist-email', causationId: cause!.eventId });
    const payload = { entryId: entry.id, causeEventId: cause!.eventId };
    expect(await waitlistEmailSettled(db.sql, payload, new Date())).toBe(true);

    // Redis lost everything of the email, its sent marker too; a copy of its job comes back
    await redis.del(`${prefix}:sent:waitlist-email:${cause!.eventId}`);
    const again = await jobs.add('again', payload, { jobId: 'fact-again-1' });
    await expect
      .poll(async () => (await jobs.getJob(again.id!))?.returnvalue, poll)
      .toEqual({ skipped: 'already sent' });
    expect(mailsTo('fact@example.com', 'You are on the waiting list')).toHaveLength(1);
    expect(await countEvents(db.sql, { streamId, type: 'WaitlistEmailSent' })).toBe(1);
    // the entry is still waiting: the fact moved nothing
    const [row] = await db.sql<
      { status: string }[]
    >`select status from waitlist_entries where id = ${entry.id}`;
    expect(row!.status).toBe('waiting');
  });
});
