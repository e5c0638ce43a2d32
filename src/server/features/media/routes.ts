import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { ImageFetchError } from './image-fetcher.js';

const querySchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .min(1, 'url is required')
    .max(2048, 'url is too long'),
});

/** GET /api/image-proxy?url=: external images for receipts, served from our origin. */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/image-proxy',
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.imagesPerMinute, timeWindow: '1 minute' },
        input: { what: 'image request' },
      },
      schema: {
        operationId: 'getProxiedImage',
        summary: 'Get an external image through this site, for receipts',
        tags: ['media'],
        querystring: querySchema,
        produces: ['image/*'],
        response: {
          200: z.unknown().describe('The image bytes'),
          ...errorResponses(400, 403, 404, 413, 415, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { url } = request.query;
      let image;
      try {
        image = await ctx.images.get(url);
      } catch (error) {
        if (error instanceof ImageFetchError) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-proxy-cache', image.cached ? 'hit' : 'miss')
        .send(image.body);
    },
  );
}
