import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isWebPage } from '@hs/domain';
import fp from 'fastify-plugin';
import { type FirstView, loadFirstView } from './first-view';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Serves the built web app from one port with the api. A page of the app (WEB_PAGES) answers
 * index.html so the client router can show it; any other path outside /api answers index.html too,
 * with status 404, so the app shows its not-found page and crawlers and monitors see the truth
 * (issue 46). Unknown /api paths answer JSON 404. `/`, `/events/{slug}` and `/cancel-appointment` come
 * with their first view rendered in (issue 50, ./first-view.ts).
 */
export default fp(
  async (
    app: FastifyInstance,
    opts: { root: string; notFoundLimit: { max: number; timeWindow: string } | false },
  ) => {
    const hasWeb = existsSync(join(opts.root, 'index.html'));
    const firstView: FirstView | undefined = hasWeb ? await loadFirstView(app, opts.root) : undefined;
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each asset (web/scripts/compress.mjs).
        preCompressed: true,
        maxAge: '1h',
        setHeaders: (res, path) => {
          // Hashed assets never change; index.html must always be revalidated.
          if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
          // Set here, not on the reply: @fastify/static writes its own max-age over the reply's header,
          // and a cached index.html would point at assets a new build has removed.
          else if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
        },
      });
    } else {
      app.log.warn({ root: opts.root }, 'web app not built: only the api is served (npm run build)');
    }

    app.setNotFoundHandler(
      { preHandler: opts.notFoundLimit ? app.rateLimit?.(opts.notFoundLimit) : undefined },
      async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (
          path === '/api' ||
          path.startsWith('/api/') ||
          !hasWeb ||
          !['GET', 'HEAD'].includes(request.method)
        ) {
          return reply
            .status(404)
            .send({ success: false, message: `Route ${request.method} ${path} not found` });
        }
        if (path.startsWith('/assets/')) {
          return reply.status(404).send({ success: false, message: 'Asset not found' });
        }
        const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
        const known = isWebPage(page);
        const rendered = known && firstView ? await firstView.render(request, page) : undefined;
        if (rendered) {
          // built here, so compressed here (once per rendered page; index.html itself is pre-compressed)
          const accepts = String(request.headers['accept-encoding'] ?? '');
          const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
          reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
          reply.type('text/html; charset=utf-8');
          if (!encoding) return reply.send(rendered.html);
          let body = rendered.encoded.get(encoding);
          if (!body) {
            body =
              encoding === 'br'
                ? await brotli(rendered.html, {
                    params: {
                      [constants.BROTLI_PARAM_QUALITY]: 9,
                      [constants.BROTLI_PARAM_SIZE_HINT]: rendered.html.length,
                    },
                  })
                : await gzipAsync(rendered.html, { level: 9 });
            rendered.encoded.set(encoding, body);
          }
          return reply.header('content-encoding', encoding).send(body);
        }
        return reply
          .status(known ? 200 : 404)
          .header('cache-control', 'no-cache')
          .sendFile('index.html');
      },
    );
  },
  { name: 'web', dependencies: ['rate-limit'] },
);
