import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import type { RunOptions } from './run-service.ts';

/**
 * Run options of a request: the signed-in user and a signal that aborts when the client
 * disconnects before the answer is written, so its queued or running work is dropped.
 */
export function runOptionsOf(request: FastifyRequest, reply: FastifyReply): RunOptions {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return { userId: requireUser(request).id, signal: controller.signal };
}
