import type { FastifyInstance } from 'fastify';

// biome-ignore lint/suspicious/noExplicitAny: the seed reads the api's own JSON answers, whose schemas the routes already check
export type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => Promise<any>;

/** The api's own call through app.inject (as an admin when given a token); an error answer stops the seed. */
export function caller(app: FastifyInstance, token?: string): Call {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return async (method, url, payload) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300)
      throw new Error(`seed: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
}
