import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A newline-delimited JSON progress stream (one object per line, flushed as written) for batch
 * runs whose cells are shown as they finish. `send` after `end` is ignored, so a late cell of a
 * cancelled run cannot write into a closed response.
 */
export interface NdjsonStream<E> {
  send(event: E): void;
  end(last?: E): void;
  readonly closed: boolean;
}

export function ndjsonStream<E>(reply: FastifyReply): NdjsonStream<E> {
  const out = new PassThrough();
  let closed = false;
  reply.raw.once('close', () => { closed = true; });
  void reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(out);
  return {
    send(event) { if (!closed) out.write(`${JSON.stringify(event)}\n`); },
    end(last) {
      if (closed) return;
      if (last !== undefined) out.write(`${JSON.stringify(last)}\n`);
      closed = true;
      out.end();
    },
    get closed() { return closed; },
  };
}
