import { describe, expect, it } from 'vitest';
import {
  nextPoll,
  pendingPhase,
  reviewDelayMs,
  showsCompletionPanel,
  START_CURSOR,
  type PollCursor,
  type PollPhase,
} from './polling-schedule';

/** Every attempt the schedule makes from the start, in order. */
function walk(): { delayMs: number; cursor: PollCursor }[] {
  const steps = [];
  let cursor = START_CURSOR;
  for (let step = nextPoll(cursor); step; step = nextPoll(cursor)) {
    steps.push(step);
    cursor = step.cursor;
  }
  return steps;
}

describe('polling schedule', () => {
  it('makes 11 primary attempts: 8 s, then 2 s six times, then 2.5 s', () => {
    const primary = walk().filter((step) => step.cursor.stage === 'primary');
    expect(primary.map((step) => step.delayMs)).toEqual([
      8000, 2000, 2000, 2000, 2000, 2000, 2000, 2500, 2500, 2500, 2500,
    ]);
    expect(primary.map((step) => step.cursor.attempts)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('then makes up to 18 more attempts every 10 s and stops', () => {
    const steps = walk();
    const extended = steps.filter((step) => step.cursor.stage === 'extended');
    expect(extended).toHaveLength(18);
    expect(extended.every((step) => step.delayMs === 10_000)).toBe(true);
    expect(steps).toHaveLength(29);
    expect(nextPoll({ stage: 'extended', attempts: 18 })).toBeNull();
  });

  it('spends 30 s on the primary attempts and 3 minutes more on the extended ones', () => {
    const steps = walk();
    const primaryMs = steps
      .filter((step) => step.cursor.stage === 'primary')
      .reduce((sum, step) => sum + step.delayMs, 0);
    expect(primaryMs).toBe(30_000);
    expect(steps.reduce((sum, step) => sum + step.delayMs, 0)).toBe(30_000 + 180_000);
  });

  it('shows the completion panel only once the 11 attempts are used', () => {
    expect(showsCompletionPanel(START_CURSOR)).toBe(false);
    expect(showsCompletionPanel({ stage: 'primary', attempts: 10 })).toBe(false);
    expect(showsCompletionPanel({ stage: 'primary', attempts: 11 })).toBe(true);
    expect(showsCompletionPanel({ stage: 'extended', attempts: 1 })).toBe(true);
  });

  it('moves through the pending messages in order', () => {
    const phases = [START_CURSOR, ...walk().map((step) => step.cursor)].map(pendingPhase);
    const order: PollPhase[] = [
      'waiting',
      'processing',
      'confirming',
      'stillChecking',
      'takingLonger',
    ];
    const firstSeen = order.map((phase) => phases.indexOf(phase));
    expect(firstSeen.every((index) => index >= 0)).toBe(true);
    expect([...firstSeen].sort((a, b) => a - b)).toEqual(firstSeen);
    expect(pendingPhase(START_CURSOR)).toBe('waiting');
    expect(pendingPhase({ stage: 'primary', attempts: 11 })).toBe('takingLonger');
  });
});

describe('review schedule', () => {
  it('checks a payment in review after a minute, then half as often each time, never more than 15 minutes apart', () => {
    const minutes = [0, 1, 2, 3, 4, 5, 40].map((checks) => reviewDelayMs(checks) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });
});
