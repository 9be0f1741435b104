import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * Route options for large answers whose shape the handler's own types already guarantee (it
 * builds the contract objects itself): the zod response schema stays, for the OpenAPI document
 * and the handler's typing, but the body is written with JSON.stringify instead of being parsed
 * field by field first (for the catalogue or a 50×50 matrix that parse costs more than the
 * handler). Never use it on a handler that returns database rows as they come: the zod
 * serializer is what strips unknown columns.
 */
const stringify: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

export const trustedShape = { serializerCompiler: stringify } as const;
