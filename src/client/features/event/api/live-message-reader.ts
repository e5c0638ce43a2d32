import type { PublicLiveMessage } from '#shared/schemas/live';
import type { ReaderLoader } from '#client/lib/api-client';

/*
 * The live stream's messages, checked by their shared schema, loaded when first needed (see
 * catalog-readers.ts).
 */
export const publicLiveMessageReader: ReaderLoader<PublicLiveMessage> = () =>
  import('#shared/schemas/live').then((m) => m.publicLiveMessageSchema);
