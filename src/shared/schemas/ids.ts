import { z } from 'zod';

export const uuidSchema = z.uuid({ message: 'must be a valid id' });
export const idParamsSchema = z.object({ id: uuidSchema });
export const categoryIdParamsSchema = z.object({ categoryId: uuidSchema });
export const artistIdParamsSchema = z.object({ artistId: uuidSchema });
/** Share links are 16 URL-safe characters; allow a little room without accepting arbitrary junk. */
export const shareLinkParamsSchema = z.object({
  link: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a share link'),
});
