// The baseline the product is compared with: a bare Fastify server in a process of its own.
//   POST /baseline/book        one durable INSERT of a booking-sized row (the body as jsonb plus a
//                              reference number and slot id) into baseline_bookings, answered 201 with
//                              the product's response shape;
//   GET  /baseline/static/:n   the n-th JSON document of STATIC_FILE, serialised per request.
// Env: PORT, DATABASE_URL (optional: only /book needs it), DATABASE_POOL_SIZE (default 10, the api's
// default), STATIC_FILE (optional: a JSON array of documents).
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from '@hs/db';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });
const sql = process.env.DATABASE_URL
  ? connect(process.env.DATABASE_URL, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      applicationName: 'bench-baseline',
    })
  : null;
const statics: unknown[] = process.env.STATIC_FILE
  ? JSON.parse(readFileSync(process.env.STATIC_FILE, 'utf8'))
  : [];

app.get('/healthz', async () => ({ ok: true }));

app.post('/baseline/book', async (request, reply) => {
  if (!sql) throw new Error('no DATABASE_URL');
  const body = request.body as { timeslotId?: number };
  const reference = `HS${randomInt(10_000)}-${randomInt(10_000)}-${randomInt(10_000)}`;
  const [row] = await sql<{ id: string }[]>`
    insert into baseline_bookings (reference_number, timeslot_id, data)
    values (${reference}, ${body.timeslotId ?? 0}, ${sql.json(body as never)})
    returning id`;
  return reply.status(201).send({
    success: true,
    data: {
      reference_number: reference,
      referenceNumber: reference,
      id: Number(row!.id),
      status: 'pending_payment',
    },
  });
});

app.get<{ Params: { n: string } }>(
  '/baseline/static/:n',
  async (request) => statics[Number(request.params.n)],
);

const close = async () => {
  await app.close();
  await sql?.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
// The same accept queue as the product's api (services/api/src/server.ts), so a burst of new
// connections meets the same kernel limits on both sides.
await app.listen({ host: '127.0.0.1', port, backlog: 4096 });
