// One error handler: stable keys for the client, no internals in a 5xx, JSON 404 under /api.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERR } from '../../shared/errors.js';
import { AppError } from '../lib/errors.js';

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode === 429 && err.extra?.retryAfter)
        reply.header('retry-after', String(err.extra.retryAfter));
      return reply.status(err.statusCode).send({ message: err.key, ...err.extra });
    }
    const status = err.statusCode ?? 500;
    // Only an uploaded file over its limit is "image too large"; a JSON body over 1 MB or too many
    // multipart fields is a broken request.
    if (status === 413)
      return reply
        .status(413)
        .send({ message: err.code === 'FST_REQ_FILE_TOO_LARGE' ? ERR.IMAGE_TOO_LARGE : ERR.INVALID_BODY });
    if (status === 429) return reply.status(429).send({ message: ERR.TOO_MANY_REQUESTS });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, fastify schema failures: the client sent something broken.
      // Only the code is logged: a JSON parse message quotes the body, which may hold a password.
      request.log.info({ code: err.code }, 'bad request');
      return reply.status(status).send({ message: status === 404 ? ERR.NOT_FOUND : ERR.INVALID_BODY });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: ERR.GENERIC });
  });
});
