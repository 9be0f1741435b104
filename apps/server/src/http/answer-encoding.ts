import { negotiate } from '@fastify/accept-negotiator';
import { COLUMNS_MEDIA_TYPE, type SimulationLayout } from '@opencrt/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * Compression of dynamic answers (run results) where they are written: in the run's worker, so
 * the event loop only copies compressed bytes to the socket (issue 27). Brotli at quality 4 and
 * gzip at level 1: for a run answer written once, a higher level costs more time than its few
 * per cent of bytes save (DNA1 compact answer, 350 kB: quality 4 gives 37 kB in ~2 ms, quality 6
 * 37 kB in ~4 ms; gzip 1 gives 61 kB in 1.5 ms, gzip 6 56 kB in 3 ms). The web app's own files come
 * precompressed at quality 11 from the build.
 */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * The encoding to answer a request with, from its Accept-Encoding header (null: none accepted, or
 * the client asked for none with x-no-compression, as @fastify/compress honours it).
 */
export function negotiateEncoding(headers: IncomingHttpHeaders): AnswerEncoding | null {
  const accepted = headers['accept-encoding'];
  if (!accepted || headers['x-no-compression'] !== undefined) return null;
  return negotiate(accepted, [...ANSWER_ENCODINGS]);
}

/** The bytes compressed in `encoding` (as they are when null). */
export function encodeAnswer(bytes: Uint8Array, encoding: AnswerEncoding | null | undefined): Uint8Array {
  if (encoding === 'br') {
    return brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } });
  }
  if (encoding === 'gzip') return gzipSync(bytes, { level: 1 });
  return bytes;
}

/**
 * The /simulate layout a request asks for: `?layout=` when given, else 'columns' when its Accept
 * header prefers the compact layout's media type to plain JSON (a wildcard or plain JSON keeps rows).
 */
export function negotiateLayout(query: SimulationLayout | undefined, accept: string | undefined): SimulationLayout {
  if (query) return query;
  return accept && negotiate(accept, ['application/json', COLUMNS_MEDIA_TYPE]) === COLUMNS_MEDIA_TYPE ? 'columns' : 'rows';
}
