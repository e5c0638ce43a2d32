import { EventEmitter } from 'node:events';
import type { AppEvents, CountedTally } from './app-events.js';

/**
 * The newest vote count this instance has heard of for each nomination. settle() announces the
 * counts it wrote (`votes-counted`, relayed from the other instances through Redis), each with
 * the sequence number the database drew for that write; news may arrive late, twice or out of
 * order, and only a count newer than the one held is taken. Readers of counts (the catalogue
 * snapshot, the live stream) overlay these on what they read from the database, and hear of the
 * counts taken through `changed`.
 */
export class TallyBoard extends EventEmitter<{ changed: [CountedTally[]] }> {
  private readonly latest = new Map<string, CountedTally>();

  constructor(events: AppEvents) {
    super();
    events.on('votes-counted', ({ tallies }) => this.offer(tallies));
  }

  offer(tallies: readonly CountedTally[]): void {
    const taken: CountedTally[] = [];
    for (const tally of tallies) {
      const held = this.latest.get(tally.id);
      if (held && held.seq >= tally.seq) continue;
      this.latest.set(tally.id, tally);
      taken.push(tally);
    }
    if (taken.length) this.emit('changed', taken);
  }

  /** The count held for a nomination when it is newer than `seq` (what the caller read). */
  newerThan(id: string, seq: number): CountedTally | undefined {
    const held = this.latest.get(id);
    return held && held.seq > seq ? held : undefined;
  }
}
