import type { QueryClient } from '@tanstack/react-query';
import type { PublicEvent } from '#shared/schemas/event';
import type { LiveEventState, PublicLiveMessage } from '#shared/schemas/live';
import { readAnswer } from '#client/lib/api-client';
import { subscribeEventSource, type StreamListener } from '#client/lib/shared-event-source';
import { publicLiveMessageReader } from './api/live-message-reader';
import { applyTallyBoard, boardAfter, type TallyBoard } from './live-tallies';

/*
 * GET /api/live for the public pages, loaded after the first paint by use-live-counts.ts. Messages
 * are checked by their shared schema, whose code loads with the first message, and applied in the
 * order they came. One listener per query client, however many screens hold it.
 */

const LIVE_URL = '/api/live';
const MESSAGE_TYPES: readonly PublicLiveMessage['type'][] = ['snapshot', 'tallies', 'event'];
/**
 * The category list cannot always be patched (it does not say which nominations a category
 * holds); then it is fetched again, at most this often, however fast the tallies come.
 */
const LIST_REFETCH_GAP_MS = 5_000;

/** Answers whose counts appear, vanish or freeze with the event's visibility and results. */
const CATALOGUE_PREFIXES = ['/api/categories', '/api/nominations', '/api/artists', '/api/results'];

async function parse(data: string): Promise<PublicLiveMessage | null> {
  try {
    return await readAnswer(publicLiveMessageReader, JSON.parse(data));
  } catch {
    return null;
  }
}

function createListener(queryClient: QueryClient): StreamListener {
  let board: TallyBoard = new Map();
  let countsVisible = false;
  let last: LiveEventState | null = null;
  let lastRefetchAt = -Infinity;
  let refetchTimer: ReturnType<typeof setTimeout> | undefined;
  /** The board's total when the list was last fetched again: one try per change of it. */
  let refetchedForTotal: number | undefined;

  const refetchCategoryList = () => {
    clearTimeout(refetchTimer);
    const wait = lastRefetchAt + LIST_REFETCH_GAP_MS - Date.now();
    refetchTimer = setTimeout(
      () => {
        lastRefetchAt = Date.now();
        void queryClient.invalidateQueries({ queryKey: ['/api/categories'], exact: true });
      },
      Math.max(0, wait),
    );
  };

  const applyBoard = () => {
    if (!countsVisible) return;
    const total = [...board.values()].reduce((sum, count) => sum + count, 0);
    if (applyTallyBoard(queryClient, board) && total !== refetchedForTotal) {
      refetchedForTotal = total;
      refetchCategoryList();
    }
  };

  const onEventState = (state: LiveEventState, announced: boolean) => {
    const known: Pick<PublicEvent, 'status' | 'countsVisible' | 'resultsPublishedAt'> | null =
      queryClient.getQueryData<PublicEvent>(['/api/event']) ?? last;
    last = state;
    countsVisible = state.countsVisible;
    const moved =
      known === null ||
      known.status !== state.status ||
      known.countsVisible !== state.countsVisible ||
      known.resultsPublishedAt !== state.resultsPublishedAt;
    if (announced || moved) void queryClient.invalidateQueries({ queryKey: ['/api/event'] });
    if (
      known !== null &&
      (known.countsVisible !== state.countsVisible ||
        known.resultsPublishedAt !== state.resultsPublishedAt)
    ) {
      void queryClient.invalidateQueries({
        predicate: ({ queryKey: [first] }) =>
          typeof first === 'string' &&
          CATALOGUE_PREFIXES.some((prefix) => first === prefix || first.startsWith(`${prefix}/`)),
      });
    }
  };

  const apply = (message: PublicLiveMessage | null) => {
    if (!message) return;
    switch (message.type) {
      case 'snapshot':
        onEventState(message.event, false);
        board = boardAfter(board, message.tallies ?? [], true);
        refetchedForTotal = undefined;
        applyBoard();
        break;
      case 'tallies':
        board = boardAfter(board, message.tallies, false);
        applyBoard();
        break;
      case 'event':
        onEventState(message.event, true);
        if (!message.event.countsVisible) board = new Map();
        break;
    }
  };

  // Each message is applied after the one before it, however long its check takes.
  let applied: Promise<void> = Promise.resolve();
  return (_type, data) => {
    const message = parse(data);
    applied = applied.then(() => message).then(apply);
  };
}

const listeners = new WeakMap<QueryClient, StreamListener>();

/** Opens (or joins) the tab's public stream for this query client; call the result to leave. */
export function connectLiveCounts(queryClient: QueryClient): () => void {
  let listener = listeners.get(queryClient);
  if (!listener) {
    listener = createListener(queryClient);
    listeners.set(queryClient, listener);
  }
  return subscribeEventSource(LIVE_URL, MESSAGE_TYPES, listener);
}
