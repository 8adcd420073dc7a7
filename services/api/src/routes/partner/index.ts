import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@hs/contracts';
import { Type } from '@sinclair/typebox';

/** Calls for the partner's servers, authenticated by an API key in `x-api-key`. */
const partner: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireApiKey);

  app.get(
    '/whoami',
    {
      schema: {
        tags: ['partner'],
        summary: 'Check an API key: answers which key this is',
        security: [{ apiKey: [] }],
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Object({ actor: Type.String() }) }),
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ success: true as const, data: { actor: request.actor } }),
  );
};

export default partner;
