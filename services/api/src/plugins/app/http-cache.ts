import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Issue 50: a public read any HTTP cache or CDN may keep for a few seconds (the catalogue, the slot
     * lookups, the privacy notice); its plugin also registers @fastify/etag for the ETag and the 304.
     */
    publicCache?: boolean;
  }
}

export interface HttpCacheOptions {
  /** How long a shared cache may serve an answer as fresh (s-maxage). */
  sMaxAgeSeconds: number;
  /** How much longer it may serve it while it fetches a fresh one (stale-while-revalidate). */
  staleSeconds: number;
}

/**
 * Who may keep an answer (issue 50). A public read's 200 (and its 304) may be kept by shared caches
 * for `s-maxage` seconds, and served `stale-while-revalidate` seconds more while refetched; browsers
 * revalidate every time (max-age=0), so what anyone sees is at most the two together old. Every other
 * answer of the api, about one person's booking, the back office, any write or any refusal, is
 * `private, no-store`. An answer that set its own Cache-Control keeps it. The answers depend on the URL
 * alone (the language is the `lang` query parameter, no read depends on a cookie or Authorization), so
 * nothing is added to Vary.
 */
export default fp(
  async (app, opts: HttpCacheOptions) => {
    const shared = `public, max-age=0, s-maxage=${opts.sMaxAgeSeconds}, stale-while-revalidate=${opts.staleSeconds}`;
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.hasHeader('cache-control') || !request.url.startsWith('/api/')) return payload;
      const cacheable =
        request.routeOptions.config.publicCache === true &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        reply.statusCode === 200;
      reply.header('cache-control', cacheable ? shared : 'private, no-store');
      return payload;
    });
  },
  { name: 'http-cache' },
);
