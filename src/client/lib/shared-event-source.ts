/**
 * One Server-Sent Events connection per URL for the whole tab, shared by every screen that wants
 * it. Voters are mostly on cheap phones over slow, metered connections, so a stream is only open
 * while a screen needs it and the tab is in sight: a background tab lets it go, and it comes back
 * (with a fresh snapshot from the server) when the tab is shown again. The browser reconnects a
 * dropped stream by itself and sends Last-Event-ID; a refused one (an error status, too many
 * streams from this address) is tried again later, and the screens' own refresh intervals cover
 * the gap.
 */

export type StreamListener = (type: string, data: string) => void;

/** A screen left for another that also wants the stream keeps the connection. */
const RELEASE_DELAY_MS = 3_000;
/** Long enough to glance at another app (the mobile-money prompt) without reconnecting. */
const HIDDEN_CLOSE_DELAY_MS = 15_000;
/** After the server refused the stream; the interval refreshes carry on meanwhile. */
const REFUSED_RETRY_MS = 30_000;

interface SharedStream {
  url: string;
  types: readonly string[];
  /** How many holders each listener has: two screens with the same listener count twice. */
  listeners: Map<StreamListener, number>;
  source: EventSource | null;
  releaseTimer: ReturnType<typeof setTimeout> | undefined;
  hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

const streams = new Map<string, SharedStream>();
let watchingVisibility = false;

const tabHidden = () => document.visibilityState === 'hidden';

function open(stream: SharedStream): void {
  if (stream.source || tabHidden() || typeof EventSource === 'undefined') return;
  const source = new EventSource(stream.url);
  stream.source = source;
  for (const type of stream.types) {
    source.addEventListener(type, (event) => {
      if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return;
      for (const listener of [...stream.listeners.keys()]) listener(type, event.data);
    });
  }
  source.addEventListener('error', () => {
    // CONNECTING means the browser is already reconnecting; CLOSED means it gave up.
    if (source.readyState !== EventSource.CLOSED || stream.source !== source) return;
    stream.source = null;
    clearTimeout(stream.retryTimer);
    stream.retryTimer = setTimeout(() => open(stream), REFUSED_RETRY_MS);
  });
}

function close(stream: SharedStream): void {
  stream.source?.close();
  stream.source = null;
  clearTimeout(stream.retryTimer);
  clearTimeout(stream.hiddenTimer);
  stream.hiddenTimer = undefined;
}

function onVisibilityChange(): void {
  for (const stream of streams.values()) {
    if (tabHidden()) {
      clearTimeout(stream.hiddenTimer);
      stream.hiddenTimer = setTimeout(() => close(stream), HIDDEN_CLOSE_DELAY_MS);
    } else {
      clearTimeout(stream.hiddenTimer);
      stream.hiddenTimer = undefined;
      open(stream);
    }
  }
}

/** Closes every stream now, whoever holds it (a test's end, so the next one starts clean). */
export function closeSharedEventSources(): void {
  for (const stream of streams.values()) {
    clearTimeout(stream.releaseTimer);
    close(stream);
  }
  streams.clear();
}

/**
 * Calls `listener(type, data)` for each message of the given types on `url` until the returned
 * function is called. `types` are the stream's `event:` names; the first subscriber's are used.
 */
export function subscribeEventSource(
  url: string,
  types: readonly string[],
  listener: StreamListener,
): () => void {
  if (!watchingVisibility) {
    document.addEventListener('visibilitychange', onVisibilityChange);
    watchingVisibility = true;
  }
  let stream = streams.get(url);
  if (!stream) {
    stream = {
      url,
      types,
      listeners: new Map(),
      source: null,
      releaseTimer: undefined,
      hiddenTimer: undefined,
      retryTimer: undefined,
    };
    streams.set(url, stream);
  }
  const held = stream;
  clearTimeout(held.releaseTimer);
  held.listeners.set(listener, (held.listeners.get(listener) ?? 0) + 1);
  open(held);

  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (held.listeners.get(listener) ?? 1) - 1;
    if (count > 0) held.listeners.set(listener, count);
    else held.listeners.delete(listener);
    if (held.listeners.size > 0) return;
    clearTimeout(held.releaseTimer);
    held.releaseTimer = setTimeout(() => {
      if (held.listeners.size > 0) return;
      close(held);
      streams.delete(url);
    }, RELEASE_DELAY_MS);
  };
}
