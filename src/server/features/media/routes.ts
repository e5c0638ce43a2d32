import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { ImageFetchError } from './image-fetcher.js';
import { imageProxy } from './image-proxy.js';

const querySchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .min(1, 'url is required')
    .max(2048, 'url is too long'),
});

/** GET /api/image-proxy?url=: external images for receipts, served from our origin. */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get(
    '/image-proxy',
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.imagesPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const { url } = parse(querySchema, request.query, 'image request');
      let image;
      try {
        image = await imageProxy(ctx).get(url);
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
