import type { FastifySerializerCompiler } from 'fastify';

/**
 * Response schemas document the contract and type the handlers' answers; they are not checked
 * again on the way out. Checking every answer against its zod schema would cost a parse per
 * response on hot routes (payment status polls, the catalogue), and the types already hold the
 * handlers to the schemas. Pre-encoded bodies (Buffers) and strings never reach a serializer:
 * Fastify sends them as they are.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
