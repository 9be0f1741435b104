import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request a piece of work belongs to, without passing it through every call: the run service
 * reads it to put the request id on its log lines and into the jobs it sends to run workers.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** The id of the HTTP request being served here, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `fn` as part of a request (queue workers: a job carries its request's id). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? storage.run({ requestId }, fn) : fn();
}

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids: a caller's (or proxy's) `X-Request-Id` when it is a short token, else a UUID. The
 * header is not used as-is: an id goes into every log line, so it must not carry arbitrary text.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_ID.test(given) ? given : randomUUID();
}

/**
 * Makes the request id current for the request's hooks and handler, and answers it in
 * `X-Request-Id`. The handler runs from the body stream's 'end' event, in another async context
 * than onRequest, so the context is entered again before validation (as @fastify/request-context does).
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    storage.run({ requestId: request.id }, () => {
      const resource = new AsyncResource('opencrt-request');
      resources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done); else done();
  });
}
