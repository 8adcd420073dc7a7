import { ConfigError } from '@hs/config';
import { isPostgresUnreachable } from '@hs/db';
import { startTracing } from '@hs/tracing';
import { readWorkerConfig } from './config';
import { startWorker } from './worker';

async function main() {
  // First: OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 47); nothing otherwise.
  const tracing = await startTracing('health-screening-worker');
  let config: ReturnType<typeof readWorkerConfig>;
  try {
    config = readWorkerConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const worker = await startWorker(config);
  let signals = 0;
  const shutdown = (signal: string) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    worker.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      worker.log.warn('shutdown grace period over; exiting with work in flight');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    timer.unref();
    worker.stop().then(
      async () => {
        await tracing?.shutdown().catch(() => {});
        process.exit(0);
      },
      (err) => {
        worker.log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  // As in the api (services/api/src/server.ts): when Postgres goes away, a query no caller awaits any
  // more can reject with the connection's error; the worker waits for Postgres instead of dying.
  // Anything else unhandled is rethrown and ends the process, as Node would.
  process.on('unhandledRejection', (err) => {
    if (isPostgresUnreachable(err)) {
      worker.log.warn(
        { err: (err as Error).message },
        'Postgres unreachable: a query no caller awaited failed',
      );
      return;
    }
    throw err;
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
