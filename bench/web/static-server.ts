// The web bench's baseline: a bare Fastify 5 server in a process of its own that answers each
// `GET /page/:name` with the static HTML file HTML_DIR/<name>.html (no JavaScript, no stylesheet, no
// other request), `cache-control: no-cache` like the product's index.html.
// Env: PORT, HTML_DIR.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const dir = process.env.HTML_DIR ?? '.';
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ ok: true }));
app.get<{ Params: { name: string } }>('/page/:name', async (request, reply) => {
  const name = request.params.name.replace(/[^\w-]/g, '');
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(readFileSync(join(dir, `${name}.html`)));
});

const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ host: '127.0.0.1', port });
