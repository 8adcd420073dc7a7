import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PREVIEW_COOKIE } from '../../auth/preview';
import { completeOpenApi } from '../../openapi/complete';

/** OpenAPI document from the route schemas, with the UI at /api/docs. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Health Screening Booking API',
          version: '1.0.0',
          description: 'Public booking, partner and admin back-office calls.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        tags: [
          { name: 'public', description: 'Visitor booking calls' },
          {
            name: 'admin',
            description:
              'Back-office calls (bearer token); x-roles on each call lists the staff roles it allows',
          },
          { name: 'partner', description: 'Partner calls (x-api-key)' },
          { name: 'system', description: 'Health and readiness' },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            previewCookie: { type: 'apiKey', in: 'cookie', name: PREVIEW_COOKIE },
          },
        },
      },
      transformObject: (documents) =>
        completeOpenApi('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
