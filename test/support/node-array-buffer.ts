import { vi } from 'vitest';

/**
 * jsdom's ArrayBuffer replaces Node's as a global, and Fastify sends a pre-encoded answer (the
 * catalogue's) only when `body.buffer instanceof ArrayBuffer`: with jsdom's it serialises the
 * Buffer as JSON instead. A component test whose app runs in the same process gives Node's back
 * before asking it anything.
 */
export function useNodeArrayBuffer(): void {
  vi.stubGlobal('ArrayBuffer', Buffer.alloc(1).buffer.constructor);
}
