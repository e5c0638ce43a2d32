import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminLiveMessageSchema, type AdminLiveMessage } from '#shared/schemas/live';
import { subscribeEventSource, type StreamListener } from '#client/lib/shared-event-source';

const ADMIN_LIVE_URL = '/api/admin/live';
/** A burst of payments refreshes the figures once, not once per payment. */
const REFRESH_GAP_MS = 2_000;
/** The answers a settled payment changes: dashboard cards, analytics, voter tracking. */
const PAYMENT_FIGURE_PREFIXES = ['/api/stats', '/api/analytics', '/api/voter-tracking'];

function messageOf(data: string): AdminLiveMessage | undefined {
  try {
    return adminLiveMessageSchema.safeParse(JSON.parse(data)).data;
  } catch {
    return undefined;
  }
}

/**
 * Refreshes the payment figures after each payment, and after each greeting but the first that
 * the server could not resume (a reconnect to another instance, or after a gap it no longer
 * holds, or the tab coming back): payments may have settled meanwhile.
 */
function createListener(queryClient: QueryClient): StreamListener {
  let greeted = false;
  let lastRefreshAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    lastRefreshAt = Date.now();
    timer = undefined;
    void queryClient.invalidateQueries({
      predicate: ({ queryKey: [first] }) =>
        typeof first === 'string' &&
        PAYMENT_FIGURE_PREFIXES.some(
          (prefix) => first === prefix || first.startsWith(`${prefix}/`),
        ),
    });
  };
  return (_type, data) => {
    const message = messageOf(data);
    if (message?.type === 'hello') {
      const missedSome = greeted && !message.resumed;
      greeted = true;
      if (!missedSome) return;
    } else if (message?.type !== 'payment') {
      return;
    }
    if (timer !== undefined) return;
    timer = setTimeout(refresh, Math.max(0, lastRefreshAt + REFRESH_GAP_MS - Date.now()));
  };
}

const listeners = new WeakMap<QueryClient, StreamListener>();

/**
 * While the calling part of /admin is shown, each settled payment (GET /api/admin/live) refreshes
 * the figures within a couple of seconds; their refresh intervals remain for when the stream is
 * down.
 */
export function useAdminLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let listener = listeners.get(queryClient);
    if (!listener) {
      listener = createListener(queryClient);
      listeners.set(queryClient, listener);
    }
    return subscribeEventSource(ADMIN_LIVE_URL, ['hello', 'payment'], listener);
  }, [queryClient]);
}
