import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents, SettledPayment } from '#server/events/app-events.js';
import type { TallyBoard } from '#server/events/tally-board.js';
import type { CatalogCache } from '#server/features/catalog/catalog-cache.js';
import type { CatalogSnapshot } from '#server/features/catalog/catalog-snapshot.js';
import type { EventCache } from '#server/features/event/event-cache.js';
import { addressKey } from '#server/http/address-key.js';
import { nextEventChangeAfter } from '#shared/event-status.js';
import type {
  AdminLiveMessage,
  LiveEventState,
  LiveTally,
  PublicLiveMessage,
} from '#shared/schemas/live.js';

/** New counts wait this long to be sent, so a burst of settlements is one message per stream. */
const TALLY_FLUSH_MS = 100;
/** Public messages kept for reconnecting clients (Last-Event-ID); older gaps get a snapshot. */
const REPLAY_MESSAGES = 512;
/** A stream whose client has not read this much is dropped rather than buffered without end. */
const MAX_UNREAD_BYTES = 1 << 20;
/** The event's status is looked at again at least this often, whatever the clock edges say. */
const EVENT_RECHECK_MS = 60 * 60 * 1000;

export interface LiveHubDeps {
  events: AppEvents;
  tallies: TallyBoard;
  event: EventCache;
  catalog: CatalogCache;
  log: FastifyBaseLogger;
}

export interface LiveHubOptions {
  /** Streams one client address may hold open at once (LIVE_STREAMS_PER_ADDRESS). */
  streamsPerAddress: number;
  /** How often an idle stream gets a comment line, so proxies and phones keep it open. */
  heartbeatMs: number;
}

interface Stream {
  res: ServerResponse;
  address: string;
}

/**
 * The live streams of one instance (Server-Sent Events). Public streams get the counts settle()
 * announces (through the TallyBoard, so counts settled on another instance arrive through Redis)
 * while the event shows counts, and the event's status as it changes; admin streams get every
 * settled payment. Each public message has an id `<boot>-<n>`: a client reconnecting with one we
 * still hold gets what it missed, any other gets a fresh snapshot.
 */
export class LiveHub {
  private readonly boot = randomUUID().slice(0, 8);
  private sent = 0;
  private readonly recent: { n: number; frame: string }[] = [];
  /** The admin stream's own numbering and replay buffer, as the public one's. */
  private adminSent = 0;
  private readonly adminRecent: { n: number; frame: string }[] = [];
  private readonly publicStreams = new Set<Stream>();
  private readonly adminStreams = new Set<Stream>();
  private readonly perAddress = new Map<string, number>();
  private readonly pendingTallies = new Map<string, LiveTally>();
  private tallyTimer: NodeJS.Timeout | undefined;
  private eventTimer: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private eventState: LiveEventState | undefined;
  private closed = false;
  private lastSnapshot:
    { catalog: CatalogSnapshot; id: string; state: LiveEventState; frame: string } | undefined;

  constructor(
    private readonly deps: LiveHubDeps,
    private readonly options: LiveHubOptions,
  ) {
    deps.tallies.on('changed', (tallies) => {
      for (const { id, voteCount } of tallies) this.pendingTallies.set(id, { id, voteCount });
      this.tallyTimer ??= setTimeout(() => void this.flushTallies(), TALLY_FLUSH_MS).unref();
    });
    deps.events.on('event-changed', () => void this.checkEvent());
    deps.events.on('payment-settled', (payment) => this.sendPayment(payment));
    this.heartbeat = setInterval(() => this.ping(), options.heartbeatMs).unref();
  }

  /** Starts watching the event's clock edges; until the first stream there is nothing to do. */
  private async startEventWatch(): Promise<void> {
    if (this.eventState === undefined) await this.checkEvent();
  }

  /** Whether `address` may open another stream (LIVE_STREAMS_PER_ADDRESS). */
  hasRoom(address: string): boolean {
    const held = this.perAddress.get(addressKey(address)) ?? 0;
    return !this.closed && held < this.options.streamsPerAddress;
  }

  /** Starts a public stream on `res` (the caller checked hasRoom() in the same tick). */
  async openPublic(
    res: ServerResponse,
    address: string,
    lastEventId: string | undefined,
  ): Promise<void> {
    const stream = this.attach(res, address, this.publicStreams);
    await this.startEventWatch();
    const state = this.eventState!;
    const missed = state.countsVisible ? this.missedSince(lastEventId) : undefined;
    if (missed) {
      for (const frame of missed) this.write(stream, frame);
    } else {
      this.write(stream, await this.snapshotFrame(state));
    }
  }

  /**
   * Starts an admin stream on `res` (the caller checked hasRoom() in the same tick). A client
   * reconnecting with the id of a payment message we still hold is told `resumed` and given the
   * payments it missed; any other is greeted afresh, and refetches what the payments change.
   */
  openAdmin(res: ServerResponse, address: string, lastEventId: string | undefined): void {
    const stream = this.attach(res, address, this.adminStreams);
    const missed = missedSince(lastEventId, this.boot, this.adminSent, this.adminRecent);
    const hello = `${this.boot}-${this.adminSent}`;
    if (!missed) {
      this.write(stream, frameOf<AdminLiveMessage>({ type: 'hello' }, hello));
      return;
    }
    this.write(stream, frameOf<AdminLiveMessage>({ type: 'hello', resumed: true }, hello));
    for (const frame of missed) this.write(stream, frame);
  }

  /** The streams open on this instance now, by audience. */
  get openStreams(): { public: number; admin: number } {
    return { public: this.publicStreams.size, admin: this.adminStreams.size };
  }

  /** Ends every stream and stops the timers (the app is closing). */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.tallyTimer);
    clearTimeout(this.eventTimer);
    for (const stream of [...this.publicStreams, ...this.adminStreams]) stream.res.end();
  }

  private attach(res: ServerResponse, ip: string, streams: Set<Stream>): Stream {
    // An IPv6 client counts by its /64, or rotating addresses would get round the limit.
    const address = addressKey(ip);
    const stream = { res, address };
    streams.add(stream);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // A buffering proxy (nginx) would hold the messages back until its buffer fills.
      'x-accel-buffering': 'no',
    });
    // A client whose stream drops tries again after this long (the browser's own retry).
    res.write('retry: 3000\n\n');
    res.on('close', () => {
      streams.delete(stream);
      const held = (this.perAddress.get(address) ?? 1) - 1;
      if (held > 0) this.perAddress.set(address, held);
      else this.perAddress.delete(address);
    });
    return stream;
  }

  /**
   * Every count as the catalogue holds it now. A crowd connecting at once (the page everyone
   * opens when the results are announced) shares one frame per catalogue snapshot.
   */
  private async snapshotFrame(state: LiveEventState): Promise<string> {
    const catalog = await this.deps.catalog.get();
    const id = `${this.boot}-${this.sent}`;
    const held = this.lastSnapshot;
    if (held?.catalog === catalog && held.id === id && held.state === state) return held.frame;
    const tallies = state.countsVisible
      ? [...catalog.nominationByLink.values()].map((n) => ({ id: n.id, voteCount: n.voteCount }))
      : undefined;
    const frame = frameOf<PublicLiveMessage>({ type: 'snapshot', event: state, tallies }, id);
    this.lastSnapshot = { catalog, id, state, frame };
    return frame;
  }

  /** The frames after `lastEventId`, or undefined when we cannot tell what the client missed. */
  private missedSince(lastEventId: string | undefined): string[] | undefined {
    return missedSince(lastEventId, this.boot, this.sent, this.recent);
  }

  private broadcastPublic(message: PublicLiveMessage): void {
    const n = ++this.sent;
    const frame = frameOf(message, `${this.boot}-${n}`);
    keep(this.recent, { n, frame });
    for (const stream of this.publicStreams) this.write(stream, frame);
  }

  private async flushTallies(): Promise<void> {
    this.tallyTimer = undefined;
    const tallies = [...this.pendingTallies.values()];
    this.pendingTallies.clear();
    if (!tallies.length || this.closed) return;
    try {
      // Counts are only ever sent while the public may see them.
      if (!(await this.deps.event.countsVisible())) return;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live: could not read the event; counts not sent');
      return;
    }
    this.broadcastPublic({ type: 'tallies', tallies });
  }

  /** Reads the event and tells the streams when its status, visibility or results changed. */
  private async checkEvent(): Promise<void> {
    clearTimeout(this.eventTimer);
    if (this.closed) return;
    let current;
    try {
      current = await this.deps.event.current();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live: could not read the event');
      this.eventTimer = setTimeout(() => void this.checkEvent(), 5000).unref();
      return;
    }
    const state: LiveEventState = {
      status: current.status,
      countsVisible: current.countsVisible,
      resultsPublishedAt: current.resultsPublishedAt,
    };
    const before = this.eventState;
    this.eventState = state;
    if (
      before &&
      (before.status !== state.status ||
        before.countsVisible !== state.countsVisible ||
        before.resultsPublishedAt !== state.resultsPublishedAt)
    ) {
      this.broadcastPublic({ type: 'event', event: state });
    }
    const now = Date.parse(current.serverTime);
    const next = nextEventChangeAfter(current, now);
    // A few milliseconds past the edge, so the event reads as changed when looked at.
    const wait = next === null ? EVENT_RECHECK_MS : Math.min(next - now + 5, EVENT_RECHECK_MS);
    this.eventTimer = setTimeout(() => void this.checkEvent(), wait).unref();
  }

  /** Kept for replay even with no admin stream open: a reconnect is when there is none. */
  private sendPayment(payment: SettledPayment): void {
    // What the admin stream declares, and nothing the event carries for other listeners.
    const { paymentId, status, provider, amount, currency, votes } = payment;
    const n = ++this.adminSent;
    const frame = frameOf<AdminLiveMessage>(
      { type: 'payment', paymentId, status, provider, amount, currency, votes },
      `${this.boot}-${n}`,
    );
    keep(this.adminRecent, { n, frame });
    for (const stream of this.adminStreams) this.write(stream, frame);
  }

  private ping(): void {
    for (const stream of [...this.publicStreams, ...this.adminStreams])
      this.write(stream, ': ping\n\n');
  }

  private write(stream: Stream, frame: string): void {
    if (stream.res.writableLength > MAX_UNREAD_BYTES) {
      // The client stopped reading; it reconnects with Last-Event-ID if it is still there.
      stream.res.destroy();
      return;
    }
    stream.res.write(frame);
  }
}

/** Adds a frame to a replay buffer, dropping the oldest past REPLAY_MESSAGES. */
function keep(recent: { n: number; frame: string }[], message: { n: number; frame: string }) {
  recent.push(message);
  if (recent.length > REPLAY_MESSAGES) recent.shift();
}

/**
 * The frames of `recent` after `lastEventId` (`<boot>-<n>`), or undefined when we cannot tell
 * what the client missed: another instance's or an older boot's id, or a gap the buffer lost.
 */
function missedSince(
  lastEventId: string | undefined,
  boot: string,
  sent: number,
  recent: readonly { n: number; frame: string }[],
): string[] | undefined {
  const match = lastEventId?.match(/^([0-9a-f]{8})-(\d{1,15})$/);
  if (!match || match[1] !== boot) return undefined;
  const n = Number(match[2]);
  if (n > sent) return undefined;
  const oldest = recent[0]?.n ?? sent + 1;
  // Everything after n must still be held: n itself may have been dropped, n + 1 may not.
  if (n + 1 < oldest && n < sent) return undefined;
  return recent.filter((m) => m.n > n).map((m) => m.frame);
}

function frameOf<M extends { type: string }>(message: M, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;
}
