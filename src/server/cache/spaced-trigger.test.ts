import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spacedTrigger } from './spaced-trigger.js';

describe('spacedTrigger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs soon after a lone trigger', () => {
    const run = vi.fn();
    const trigger = spacedTrigger(run, { firstDelayMs: 50, spacingMs: 1000 });
    trigger();
    vi.advanceTimersByTime(49);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs once a spacing under a steady stream of triggers, and the last one is never lost', () => {
    const run = vi.fn();
    const trigger = spacedTrigger(run, { firstDelayMs: 50, spacingMs: 1000 });
    // A settlement every 10 ms for 3 s: 300 triggers.
    for (let ms = 0; ms < 3000; ms += 10) {
      trigger();
      vi.advanceTimersByTime(10);
    }
    // At 50 ms, 1050 ms, 2050 ms; the triggers after 2050 ms wait for the run at 3050 ms.
    expect(run).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('after a quiet spell, the next change is again quick', () => {
    const run = vi.fn();
    const trigger = spacedTrigger(run, { firstDelayMs: 50, spacingMs: 1000 });
    trigger();
    vi.advanceTimersByTime(50);
    vi.advanceTimersByTime(5000);
    trigger();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
