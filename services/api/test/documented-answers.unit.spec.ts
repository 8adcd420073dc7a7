import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { completeOpenApi } from '../src/openapi/complete';
import { answerChecker } from './documented-answers';

async function app() {
  const app = Fastify();
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } },
    transformObject: (d) => completeOpenApi('openapiObject' in d ? d.openapiObject : d.swaggerObject),
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  const answer = {
    type: 'object',
    required: ['success', 'data'],
    properties: { success: { type: 'boolean' }, data: { type: 'string' } },
  };
  app.get('/api/things/:id', { schema: { response: { 200: answer } } }, async (req, typed) => {
    const reply = typed as unknown as FastifyReply;
    const id = (req.params as { id: string }).id;
    if (id === 'teapot') return reply.code(418).send({ success: false, message: 'I am a teapot' });
    if (id === 'gone') return reply.code(404).send({ success: false });
    return { success: true, data: id };
  });
  await app.ready();
  return app;
}

describe('the answer checker the contract tests use', () => {
  it('passes a documented answer and the generated error answers, and fails what the document does not say', async () => {
    const a = await app();
    const check = await answerChecker(a);
    const get = async (url: string) => check('GET', url, await a.inject(url));
    expect(await get('/api/things/1')).toBeNull();
    expect(await get('/api/things/teapot')).toMatch(/status 418 is not documented/);
    // 404 is documented for a path with an id, with the error envelope: a body without its message fails
    expect(await get('/api/things/gone')).toMatch(/does not match the document/);
    await a.close();
  });
});
