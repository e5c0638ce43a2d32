import type { PublicEvent } from '#shared/schemas/event';
import type { PublicLiveMessage } from '#shared/schemas/live';
import type { ReaderLoader } from '#client/lib/api-client';

/*
 * The event's answer and the live stream's messages, checked by their shared schemas, loaded when
 * first needed (see catalog-readers.ts).
 */
export const publicEventReader: ReaderLoader<PublicEvent> = () =>
  import('#shared/schemas/event').then((m) => m.publicEventSchema);
export const publicLiveMessageReader: ReaderLoader<PublicLiveMessage> = () =>
  import('#shared/schemas/live').then((m) => m.publicLiveMessageSchema);
