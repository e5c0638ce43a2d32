import { request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { FetchToApp } from './fetch-to-app.js';

/*
 * jsdom has no EventSource, and app.inject cannot serve one: it waits for the answer's end, and a
 * stream has none. So the real app listens on a loopback port and this small EventSource reads
 * its streams over HTTP, as a browser does: the same request headers (Accept, Origin, the
 * session cookie, Last-Event-ID on a reconnect), the same parsing of `event:`, `data:`, `id:`,
 * `retry:` and comment lines, reconnection after a dropped stream, and giving up on a refusal.
 */

const DEFAULT_RETRY_MS = 100;

export interface EventSourceToApp {
  /** Every stream opened so far, oldest first. */
  opened: { url: string; lastEventId: string | undefined }[];
  /** How many are open now. */
  openCount(): number;
  /** Cuts every open stream as a network drop would; each reconnects as a browser would. */
  dropAll(): void;
  /** Closes every stream for good (the end of a test). */
  closeAll(): void;
}

interface Frame {
  type: string;
  data: string[];
}

export async function routeEventSourceToApp(
  app: FastifyInstance,
  fetchState?: FetchToApp,
): Promise<EventSourceToApp> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = window.location.origin;
  const live = new Set<TestEventSource>();
  const state: EventSourceToApp = {
    opened: [],
    openCount: () => [...live].filter((source) => source.readyState === 1).length,
    dropAll: () => {
      for (const source of live) source.drop();
    },
    closeAll: () => {
      for (const source of live) source.close();
    },
  };

  class TestEventSource extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSED = 2;
    readonly url: string;
    readonly withCredentials = false;
    readyState = 0;
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    private lastEventId = '';
    private retryMs = DEFAULT_RETRY_MS;
    private current: ClientRequest | undefined;
    private retryTimer: ReturnType<typeof setTimeout> | undefined;

    constructor(url: string | URL) {
      super();
      const target = new URL(String(url), origin);
      if (target.origin !== origin) {
        throw new Error(`A component test tried to stream from ${target.origin}`);
      }
      this.url = target.href;
      live.add(this);
      this.connect();
    }

    close(): void {
      this.readyState = 2;
      clearTimeout(this.retryTimer);
      this.current?.destroy();
      this.current = undefined;
      live.delete(this);
    }

    /** The connection breaks; the source stays and reconnects. */
    drop(): void {
      this.current?.destroy();
    }

    private fire(event: Event): void {
      this.dispatchEvent(event);
      if (event.type === 'open') this.onopen?.(event);
      if (event.type === 'error') this.onerror?.(event);
      if (event.type === 'message' && event instanceof MessageEvent) this.onmessage?.(event);
    }

    private connect(): void {
      const target = new URL(this.url);
      const path = `${target.pathname}${target.search}`;
      state.opened.push({ url: path, lastEventId: this.lastEventId || undefined });
      const req = request({
        host: '127.0.0.1',
        port,
        path,
        headers: {
          accept: 'text/event-stream',
          'cache-control': 'no-cache',
          host: target.host,
          origin,
          ...(fetchState?.cookie ? { cookie: fetchState.cookie } : {}),
          ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
        },
      });
      this.current = req;
      req.on('response', (response) => {
        if (this.current !== req) return;
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode !== 200 || !type.startsWith('text/event-stream')) {
          response.resume();
          this.close();
          this.fire(new Event('error'));
          return;
        }
        this.readyState = 1;
        this.fire(new Event('open'));
        let buffer = '';
        let frame: Frame = { type: '', data: [] };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          const lines = buffer.split(/\r\n|\r|\n/);
          buffer = lines.pop() ?? '';
          for (const line of lines) frame = this.readLine(line, frame);
        });
        response.on('close', () => this.lost(req));
      });
      req.on('error', () => this.lost(req));
      req.end();
    }

    private readLine(line: string, frame: Frame): Frame {
      if (line === '') {
        if (frame.data.length > 0) {
          this.fire(
            new MessageEvent(frame.type || 'message', {
              data: frame.data.join('\n'),
              lastEventId: this.lastEventId,
            }),
          );
        }
        return { type: '', data: [] };
      }
      if (line.startsWith(':')) return frame;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') return { ...frame, type: value };
      if (field === 'data') return { ...frame, data: [...frame.data, value] };
      if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
      if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
      return frame;
    }

    /** A stream that ended or broke: reconnect, unless closed meanwhile. */
    private lost(req: ClientRequest): void {
      if (this.current !== req || this.readyState === 2) return;
      this.current = undefined;
      this.readyState = 0;
      this.fire(new Event('error'));
      clearTimeout(this.retryTimer);
      // Short in tests whatever the server asks: a test waits seconds, not a real retry.
      this.retryTimer = setTimeout(() => this.connect(), Math.min(this.retryMs, DEFAULT_RETRY_MS));
    }
  }

  vi.stubGlobal('EventSource', TestEventSource);
  return state;
}
