// What censoring personal data in the logs costs a request (issue 27): pino as the api had it before
// (`redact` with wildcard paths such as `*.email`), against `logCensorOptions` (a log formatter plus
// top-level redact paths), side by side in ABBA order. One request = what Fastify logs for it: a child
// logger with its request id, `incoming request` with the serialized request and `request completed`
// with the response. At level warn (the booking bench's) only the child is made; at info (production's
// default) both lines are written too, to a stream that drops them.
//   npm run logging -w bench
// Knobs: BENCH_REQUESTS (per run, default 50000).
import { Writable } from 'node:stream';
import { logCensorOptions, SENSITIVE_LOG_KEYS } from '@hs/config';
import pino, { type LoggerOptions } from 'pino';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50_000);

/**
 * The api's logger options before this change (services/api/src/logging.ts then): the same keys less the
 * four header names, each as a top-level path and under one and two wildcards, plus the header paths.
 */
const HEADERS = new Set(['authorization', 'cookie', 'x-api-key', 'set-cookie']);
const SENSITIVE = [...SENSITIVE_LOG_KEYS].filter((k) => !HEADERS.has(k));
const wildcardRedact: LoggerOptions = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'res.headers["set-cookie"]',
      ...SENSITIVE.map((k) => `*.${k}`),
      ...SENSITIVE.map((k) => `*.*.${k}`),
      ...SENSITIVE,
    ],
    censor: '[redacted]',
  },
};

const sink = new Writable({
  write(_chunk, _encoding, done) {
    done();
  },
});

/** CPU µs per request (user + system) over `REQUESTS` requests. */
function run(options: LoggerOptions, level: 'warn' | 'info'): number {
  const log = pino({ ...options, level }, sink);
  const req = {
    method: 'POST',
    url: '/api/registrations',
    host: 'localhost:3000',
    remoteAddress: '127.0.0.1',
    remotePort: 51234,
  };
  const request = (i: number) => {
    const child = log.child({ reqId: `req-${i}` });
    child.info({ req }, 'incoming request');
    child.info({ res: { statusCode: 201 }, responseTime: 12.3 }, 'request completed');
  };
  for (let i = 0; i < 2_000; i++) request(i); // warm-up
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) request(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / REQUESTS;
}

console.log(`log censoring: ${REQUESTS} requests per run, ABBA, CPU µs per request (user + system)`);
console.log('| level | before: wildcard redact | after: logCensorOptions | ratio after/before |');
console.log('|---|---|---|---|');
for (const level of ['warn', 'info'] as const) {
  const a1 = run(wildcardRedact, level);
  const b1 = run(logCensorOptions, level);
  const b2 = run(logCensorOptions, level);
  const a2 = run(wildcardRedact, level);
  const before = (a1 + a2) / 2;
  const after = (b1 + b2) / 2;
  console.log(`| ${level} | ${before.toFixed(2)} | ${after.toFixed(2)} | ${(after / before).toFixed(2)}x |`);
}
