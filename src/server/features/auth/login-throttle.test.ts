import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginFailures } from '#server/db/schema.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import {
  LoginThrottle,
  purgeExpiredLoginFailures,
  THROTTLE_POLICY,
  type ThrottleKeys,
} from './login-throttle.js';

const email = () => `${randomUUID()}@example.com`;
const ip = () => `ip-${randomUUID()}`;
/** Small limits so that each rule is reached in a few attempts. */
const SMALL = {
  ...THROTTLE_POLICY,
  maxFailuresPerAccountAndAddress: 3,
  maxFailuresPerAddress: 6,
  slowAfterFailuresPerAccount: 8,
};

describeEachDatabase('login throttle', (kind) => {
  let database: TestDatabase;
  let throttle: LoginThrottle;
  let small: LoginThrottle;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 20 });
    throttle = new LoginThrottle(database.db);
    small = new LoginThrottle(database.db, SMALL);
  });
  afterAll(() => database.destroy());

  const fail = async (t: LoginThrottle, keys: ThrottleKeys) => {
    const attempt = await t.reserve(keys);
    return attempt.allowed ? 'tried' : attempt.retryAfterSeconds;
  };

  it('counts every IPv6 address of one /64 as one address', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 0; i < SMALL.maxFailuresPerAddress; i++) {
      expect(await fail(small, { email: email(), ip: `${network}:${i + 1}::1` })).toBe('tried');
    }
    expect(await fail(small, { email: email(), ip: `${network}:ffff::9` })).not.toBe('tried');
    expect(await fail(small, { email: email(), ip: `${network.replace(/:1$/, ':2')}::1` })).toBe(
      'tried',
    );
  });

  it('refuses an address that keeps failing on one account, and only that address', async () => {
    const keys = { email: email(), ip: ip() };
    const delays: number[] = [];
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerAccountAndAddress; i++) {
      const attempt = await throttle.reserve(keys);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) delays.push(attempt.failureDelayMs);
    }
    expect(delays[0]).toBe(THROTTLE_POLICY.delayStepMs);
    expect(delays.at(-1)).toBe(THROTTLE_POLICY.maxDelayMs);
    const refused = await throttle.reserve(keys);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(THROTTLE_POLICY.windowMs / 1000 - 5);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(THROTTLE_POLICY.windowMs / 1000);
    }
    expect((await throttle.reserve({ email: keys.email, ip: ip() })).allowed).toBe(true);
  });

  it('clears the (account, address) count on success', async () => {
    const keys = { email: email(), ip: ip() };
    for (let i = 0; i < SMALL.maxFailuresPerAccountAndAddress - 1; i++) await fail(small, keys);
    const right = await small.reserve(keys);
    expect(right.allowed).toBe(true);
    if (right.allowed) await small.succeeded(right.keys);
    for (let i = 0; i < SMALL.maxFailuresPerAccountAndAddress; i++) {
      expect(await fail(small, keys)).toBe('tried');
    }
  });

  it('refuses an address spraying many accounts', async () => {
    const address = ip();
    for (let i = 0; i < SMALL.maxFailuresPerAddress; i++) {
      expect(await fail(small, { email: email(), ip: address })).toBe('tried');
    }
    expect(await fail(small, { email: email(), ip: address })).toBeGreaterThan(0);
    expect(await fail(small, { email: email(), ip: ip() })).toBe('tried');
  });

  /** Addresses of a distributed guess: IPv4 ones, and IPv6 ones each in a /64 of its own. */
  const attackers = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      i % 3 === 2 ? `fd00:a77a:${i.toString(16)}:1:${i.toString(16)}::7` : `203.0.113.${i}`,
    );

  it('never locks an account guessed from many addresses: past the threshold its failures are slower', async () => {
    const account = email();
    const delays: number[] = [];
    // 110 failures from 110 addresses: more than the old account ceiling of 100.
    for (const address of attackers(110)) {
      const attempt = await throttle.reserve({ email: account, ip: address });
      expect(attempt.allowed, address).toBe(true);
      if (attempt.allowed) delays.push(attempt.failureDelayMs);
    }
    const threshold = THROTTLE_POLICY.slowAfterFailuresPerAccount;
    expect(delays.slice(0, threshold)).toEqual(Array(threshold).fill(THROTTLE_POLICY.delayStepMs));
    expect(new Set(delays.slice(threshold))).toEqual(new Set([THROTTLE_POLICY.underAttackDelayMs]));
    expect(THROTTLE_POLICY.underAttackDelayMs).toBeGreaterThan(THROTTLE_POLICY.maxDelayMs);
    expect(THROTTLE_POLICY.underAttackDelayMs).toBeLessThanOrEqual(5000);

    // The owner, from an address with no failures on the account, is let in, and its success
    // gives its counts back; a failure from there would be answered the slower way.
    const owner = await throttle.reserve({ email: account, ip: '2001:db8:5ee:1::1' });
    expect(owner.allowed).toBe(true);
    if (owner.allowed) {
      expect(owner.failureDelayMs).toBe(THROTTLE_POLICY.underAttackDelayMs);
      await throttle.succeeded(owner.keys);
    }
    // Another address of the owner's /64 is the same address: still no failures there.
    expect((await throttle.reserve({ email: account, ip: '2001:db8:5ee:1::2' })).allowed).toBe(
      true,
    );

    // Each attacking address is still held to its own limits: five guesses at the account...
    const [v4, , v6] = attackers(3) as [string, string, string];
    for (const address of [v4, `${v6.replace(/::7$/, '')}::99`]) {
      for (let i = 1; i < THROTTLE_POLICY.maxFailuresPerAccountAndAddress; i++) {
        expect(await fail(throttle, { email: account, ip: address })).toBe('tried');
      }
      expect(await fail(throttle, { email: account, ip: address })).toBeGreaterThan(0);
    }
    // ...and thirty failures in all, whatever the accounts.
    const sprayer = attackers(5)[4]!;
    for (let i = 1; i < THROTTLE_POLICY.maxFailuresPerAddress; i++) {
      expect(await fail(throttle, { email: email(), ip: sprayer })).toBe('tried');
    }
    expect(await fail(throttle, { email: account, ip: sprayer })).toBeGreaterThan(0);
  });

  it('does not count refused attempts: an address hammering a locked pair cannot make the account slow', async () => {
    const account = email();
    const attacker = ip();
    for (let i = 0; i < 50; i++) await fail(small, { email: account, ip: attacker });
    // Only the attacker's 3 tried attempts count toward the account's threshold of 8.
    const below = SMALL.slowAfterFailuresPerAccount - SMALL.maxFailuresPerAccountAndAddress;
    for (let i = 0; i < below; i++) {
      const attempt = await small.reserve({ email: account, ip: ip() });
      expect(attempt.allowed && attempt.failureDelayMs, String(i)).toBe(SMALL.delayStepMs);
    }
    const slow = await small.reserve({ email: account, ip: ip() });
    expect(slow.allowed && slow.failureDelayMs).toBe(SMALL.underAttackDelayMs);
  });

  it('lets at most the limit through when attempts arrive at the same moment', async () => {
    const keys = { email: email(), ip: ip() };
    const attempts = await Promise.all(Array.from({ length: 40 }, () => throttle.reserve(keys)));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(
      THROTTLE_POLICY.maxFailuresPerAccountAndAddress,
    );
  });

  it('starts a new window once the old one has ended, and purges ended windows', async () => {
    const keys = { email: email(), ip: ip() };
    for (let i = 0; i < SMALL.maxFailuresPerAccountAndAddress; i++) await fail(small, keys);
    expect(await fail(small, keys)).toBeGreaterThan(0);
    await database.db.update(loginFailures).set({ windowEnds: sql`now() - interval '1 second'` });
    expect(await fail(small, keys)).toBe('tried');
    expect(await purgeExpiredLoginFailures(database.db)).toBeGreaterThan(0);
    expect(await purgeExpiredLoginFailures(database.db)).toBe(0);
  });
});
