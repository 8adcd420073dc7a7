import { type AddressInfo, type Server, type Socket, createServer, connect as tcpConnect } from 'node:net';

/**
 * A TCP hop in front of Redis that a test takes down (Redis "unreachable") and brings back on the
 * same port, while other clients keep talking to Redis directly.
 */
export async function redisProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await start();
  return { port: () => port, url: () => `redis://127.0.0.1:${port}`, start, stop };
}
