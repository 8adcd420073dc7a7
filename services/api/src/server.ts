import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { readApiConfig } from './config';
import { ConfigError } from '@hs/config';

const LISTEN_BACKLOG = 4096;

async function main() {
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
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
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
  });
  // Node's default accept queue is 511 connections. A burst of more new connections than that (a
  // thousand people opening a popular slot at once) overflowed it; the dropped handshakes were
  // retried by the clients a whole second later (docs/performance.md, hot slot). The kernel caps
  // this at net.core.somaxconn.
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
