import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientDatabaseError } from './database-errors.ts';
import { AppError } from './errors.ts';
import { describeValidation } from './validation-message.ts';

/**
 * Maps every failure to `{ Message }`: domain errors keep their status, schema failures are 400
 * with one line per problem naming the field, anything else is a 500 without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode;
    if (status && status >= 400 && status < 500 && request.routeOptions.url === '/api/oauth/token') {
      // The sign-in form reads OAuth's error shape, also for a body Fastify could not parse or a bad bearer header.
      return reply.code(status).send({ error: 'invalid_request', error_description: error instanceof AppError ? error.message : clientErrorText(error) });
    }
    if (error instanceof AppError) return reply.code(error.statusCode).send({ Message: error.message });
    const database = clientDatabaseError(error);
    if (database) return reply.code(database.status).send({ Message: database.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ Message: describeValidation(error.validation, error.validationContext, request.body) });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit, unsupported media type).
      return reply.code(error.statusCode).send({ Message: clientErrorText(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ Message: 'An unexpected error occurred on the server.' });
  });

}

/**
 * Unknown paths: /api answers 404 `{ Message: 'Wrong path' }`; with the web app served, any other GET
 * gets index.html so deep links load (history mode), else 404 JSON.
 */
export function installNotFound(app: FastifyInstance, serveIndexHtml: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // Screens are paths without a file extension; a missing asset stays a 404.
    const isScreen = !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (serveIndexHtml && !isApi && isScreen && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ Message: isApi ? 'Wrong path' : 'Not found' });
  });
}

/** Fastify's client-error texts (some quote the URL or a header back); ours name the problem only. */
function clientErrorText(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large.';
  if (error.statusCode === 429) return 'Too many requests. Please wait and try again.';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'The request body does not match its Content-Length.';
  if (error.statusCode === 408) return 'The request took too long to arrive.';
  if (error.statusCode === 413) return 'The request body is too large.';
  if (error.statusCode === 415) return 'Unsupported content type.';
  // Any other framework or plugin error: a fixed text, never the framework's (it may echo input).
  if (typeof error.code === 'string' && error.code.startsWith('FST_')) return 'The request is not valid.';
  return error.message;
}

/**
 * Errors Fastify answers before routing (a URL that is not valid percent-encoding) and errors of the
 * HTTP parser itself (malformed request line or headers): the same `{ Message }` shape, no echo.
 */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  void reply.code(400).send({ Message: 'The request URL is not valid.' });
};

const CLIENT_ERROR_BODY = JSON.stringify({ Message: 'The request is not valid HTTP.' });

/** Node's parser failed on the request: answer 400 (or 408 on a timeout) and close. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timeout ? '408 Request Timeout' : '400 Bad Request';
  const body = timeout ? JSON.stringify({ Message: 'The request took too long to arrive.' }) : CLIENT_ERROR_BODY;
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
