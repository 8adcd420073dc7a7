import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * For the calls the spec lists without a payload (cancel, the partner confirmations, logout): a client that
 * sets the JSON content type on every POST but sends no body is answered, not refused with a 400
 * "Body cannot be empty". An empty body is simply no body; a non-empty one is parsed as usual.
 */
export function ignoreEmptyBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const length = request.headers['content-length'];
  if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined) {
    delete request.headers['content-type'];
  }
  done();
}
