import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { readApiConfig } from './config';
import { ConfigError } from '@hs/config';
import { isPostgresUnreachable } from '@hs/db';
import { startTracing } from '@hs/tracing';

const LISTEN_BACKLOG = 4096;

async function main() {
  // First, before the app exists: OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 47).
  const tracing = await startTracing('health-screening-api');
  let config: ReturnType<typeof readApiConfig>;
  try {
    config = readApiConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  // Stop accepting, let in-flight requests finish, close pools; give up after 10 s.
  // Unhandled rejections are sorted below before anything closes.
  closeWithGrace({ delay: 10_000, skip: ['unhandledRejection'] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after error');
    else app.log.info({ signal }, 'shutting down');
    // Keep-alive connections that finish their last request after close() began would otherwise hold the
    // server open until their idle timeout: close each one as soon as it goes idle.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweeper);
    }
    await tracing?.shutdown().catch(() => {});
  });
  // Node's default accept queue is 511 connections. A burst of more new connections than that (a
  // thousand people opening a popular slot at once) overflowed it; the dropped handshakes were
  // retried by the clients a whole second later (docs/performance.md, hot slot). The kernel caps
  // this at net.core.somaxconn.
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  // When Postgres goes away, the driver rejects every query queued on a failing connection with the
  // same error, and one of them can be a query its caller no longer waits for. Seen once in the
  // Postgres restart test under load: the api closed on that stray ECONNREFUSED, while the requests
  // themselves were answered 503 as they should be. Such an error is logged and the api carries on
  // (it recovers when Postgres is back); any other unhandled rejection is rethrown, and closes the
  // api through close-with-grace as an uncaught exception.
  process.on('unhandledRejection', (err) => {
    if (isPostgresUnreachable(err)) {
      app.log.warn({ err: (err as Error).message }, 'Postgres unreachable: a query no caller awaited failed');
      return;
    }
    throw err;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
