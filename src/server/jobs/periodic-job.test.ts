import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schedulePeriodicJob } from './periodic-job.js';

describe('schedulePeriodicJob', () => {
  let app: FastifyInstance;
  beforeEach(() => {
    vi.useFakeTimers();
    app = Fastify({ logger: false });
  });
  afterEach(async () => {
    await app.close();
    vi.useRealTimers();
  });

  it('runs every interval and never twice at once', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    schedulePeriodicJob(app, {
      name: 'slow job',
      intervalSeconds: 1,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    // Still running at the next two ticks: no second run.
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    finish();
  });

  it('logs a failed run and tries again at the next tick', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    let runs = 0;
    schedulePeriodicJob(app, {
      name: 'flaky job',
      intervalSeconds: 1,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toBe('flaky job failed');
  });

  it('closing the app stops the timer and waits for the run in progress', async () => {
    let runs = 0;
    let finished = false;
    schedulePeriodicJob(app, {
      name: 'closing job',
      intervalSeconds: 1,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    const closed = app.close();
    await vi.advanceTimersByTimeAsync(500);
    await closed;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
  });

  it('tells its observer how each run went and how long it took', async () => {
    vi.spyOn(app.log, 'warn').mockImplementation(() => undefined);
    const heard: { name: string; outcome: string; seconds: number }[] = [];
    let runs = 0;
    schedulePeriodicJob(
      app,
      {
        name: 'observed job',
        intervalSeconds: 1,
        run: async () => {
          runs += 1;
          if (runs === 2) throw new Error('provider away');
        },
      },
      { jobRan: (name, outcome, seconds) => heard.push({ name, outcome, seconds }) },
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(heard.map(({ name, outcome }) => `${name}: ${outcome}`)).toEqual([
      'observed job: ok',
      'observed job: failed',
    ]);
    for (const { seconds } of heard) expect(seconds).toBeGreaterThanOrEqual(0);
  });

  it('tells its observer of a tick another instance ran', async () => {
    const heard: string[] = [];
    schedulePeriodicJob(
      app,
      { name: 'elsewhere', intervalSeconds: 1, run: async () => 'skipped' },
      { jobRan: (_name, outcome) => heard.push(outcome) },
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(heard).toEqual(['skipped', 'skipped']);
  });

  it('never runs with an interval of 0', async () => {
    const run = vi.fn(async () => undefined);
    schedulePeriodicJob(app, { name: 'off', intervalSeconds: 0, run });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});
