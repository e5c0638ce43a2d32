import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { eventStatusAt, nextEventChangeAfter, untilNextOpenOrClose } from '#shared/event-status';
import type { EventStatus, PublicEvent } from '#shared/schemas/event';
import { useHydrating } from '#client/lib/use-hydrating';
import { eventQuery, useEvent } from '#client/lib/event-query';
import { useEditionScope } from '#client/lib/edition-scope';

const TICK_MS = 1000;
/** Timers further out than this are re-armed (browsers overflow past about 24.8 days). */
const LONGEST_WAIT_MS = 3_600_000;

export interface VotingClock {
  /** Undefined until the event has loaded (callers show their usual state meanwhile). */
  status: EventStatus | undefined;
  event: PublicEvent | undefined;
  /** The server's clock now (epoch milliseconds). */
  now: number;
  /** Milliseconds to the next opening or close, by the server's clock; null when none is ahead. */
  remainingMs: number | null;
}

/**
 * The event's status as it moves, on the server's clock: the offset between `serverTime` and this
 * phone's clock is taken when the answer arrives, so a phone set to the wrong time still counts
 * down to the real close. A countdown asks for a render every second; a Vote button only at the
 * next edge, so a page of nominee cards does not re-render each second on a cheap phone.
 */
export function useVotingClock(precision: 'second' | 'edge' = 'edge'): VotingClock {
  const { data: event, dataUpdatedAt } = useEvent();
  const edition = useEditionScope();
  const queryClient = useQueryClient();
  const offsetMs = useMemo(
    () => (event ? Date.parse(event.serverTime) - dataUpdatedAt : 0),
    [event, dataUpdatedAt],
  );
  // This phone's clock as last read (by a timer, or when the event arrived), never during render.
  const [reading, setReading] = useState(() => Date.now());
  // Over a page the server drew, the first render is at the moment the server drew it.
  const hydrating = useHydrating();
  const now =
    hydrating && event ? Date.parse(event.serverTime) : Math.max(reading, dataUpdatedAt) + offsetMs;
  const edge = event ? nextEventChangeAfter(event, now) : null;

  useEffect(() => {
    if (edge === null) return;
    const untilEdge = Math.max(edge - (Date.now() + offsetMs), 0) + 50;
    const wait = precision === 'second' ? TICK_MS : Math.min(untilEdge, LONGEST_WAIT_MS);
    const timer = window.setTimeout(() => {
      const at = Date.now();
      setReading(at);
      // Past an edge (opening, close, counts hidden): ask the server what the event is now.
      if (at + offsetMs >= edge) {
        void queryClient.invalidateQueries({ queryKey: eventQuery(edition).queryKey });
      }
    }, wait);
    return () => window.clearTimeout(timer);
  }, [edge, edition, offsetMs, precision, queryClient, reading]);

  if (!event) return { status: undefined, event: undefined, now, remainingMs: null };
  return {
    status: eventStatusAt(event, now),
    event,
    now,
    remainingMs: untilNextOpenOrClose(event, now),
  };
}
