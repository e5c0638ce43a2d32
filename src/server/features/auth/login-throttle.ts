import { eq, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '#server/db/client.js';
import { loginFailures } from '#server/db/schema.js';
import { addressKey } from '#server/http/address-key.js';

export interface ThrottlePolicy {
  windowMs: number;
  /** One address guessing one account's password. */
  maxFailuresPerAccountAndAddress: number;
  /** One address trying many accounts (password spraying). */
  maxFailuresPerAddress: number;
  /**
   * Many addresses guessing one account. Past this many failures in the window the account is
   * under attack, and every failure on it is answered `underAttackDelayMs` later. Nothing is
   * refused for it: refusing would lock the owner out too, for anyone with enough addresses.
   */
  slowAfterFailuresPerAccount: number;
  /** Each failure is answered a little later, up to this much: cheap for people, costly for scripts. */
  maxDelayMs: number;
  delayStepMs: number;
  /** How late a failure on an account under attack is answered (more than `maxDelayMs`). */
  underAttackDelayMs: number;
}

export const THROTTLE_POLICY: Readonly<ThrottlePolicy> = {
  windowMs: 15 * 60_000,
  maxFailuresPerAccountAndAddress: 5,
  maxFailuresPerAddress: 30,
  slowAfterFailuresPerAccount: 20,
  maxDelayMs: 1000,
  delayStepMs: 200,
  underAttackDelayMs: 3000,
};

export interface ThrottleKeys {
  email: string;
  ip: string;
}

/** What `reserve` decided: verify the password now, or answer 429 without trying it. */
export type Attempt =
  | { allowed: true; keys: ThrottleKeys; failureDelayMs: number }
  | { allowed: false; retryAfterSeconds: number };

/** Hex, so the lock order below is the same in JavaScript and in any database collation. */
const hashed = (parts: string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

function counters(keys: ThrottleKeys, policy: ThrottlePolicy) {
  // An IPv6 client counts by its /64, or rotating addresses would reset its counts.
  const address = addressKey(keys.ip);
  return {
    pair: {
      key: hashed(['pair', keys.email, address]),
      limit: policy.maxFailuresPerAccountAndAddress,
    },
    address: { key: hashed(['address', address]), limit: policy.maxFailuresPerAddress },
    // Counted, never refused: its count only makes the account's failures slower.
    account: { key: hashed(['account', keys.email]), limit: Number.POSITIVE_INFINITY },
  };
}

/**
 * Failed sign-ins, counted in the database per (account, address), per address and per account,
 * in fixed windows. An attempt is counted before its password is checked, in one statement that
 * also answers the new counts, so simultaneous attempts cannot all slip under a limit. Past the
 * (account, address) or the address limit the attempt is refused (429, even with the right
 * password) and its counts given back; a success gives its counts back too and clears the
 * (account, address) counter. The account's own count refuses nobody (so no one can lock its
 * owner out): past its threshold, the account's failures are only answered later.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: ThrottlePolicy = THROTTLE_POLICY,
  ) {}

  async reserve(keys: ThrottleKeys): Promise<Attempt> {
    const all = Object.values(counters(keys, this.policy)).sort((a, b) => (a.key < b.key ? -1 : 1));
    const windowEnds = sql`now() + ${this.policy.windowMs}::int * interval '1 millisecond'`;
    const expired = sql`${loginFailures.windowEnds} <= now()`;
    // Rows are locked in key order, the same in every statement here, so two attempts never
    // wait on each other in a cycle.
    const rows = await this.db
      .insert(loginFailures)
      .values(all.map(({ key }) => ({ key, failures: 1, windowEnds })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
          windowEnds: sql`CASE WHEN ${expired} THEN excluded.window_ends ELSE ${loginFailures.windowEnds} END`,
        },
      })
      .returning({
        key: loginFailures.key,
        failures: loginFailures.failures,
        msLeft: sql<number>`extract(epoch from ${loginFailures.windowEnds} - now()) * 1000`.mapWith(
          Number,
        ),
      });
    const counted = new Map(rows.map((row) => [row.key, row]));
    let waitMs = 0;
    for (const { key, limit } of all) {
      const row = counted.get(key);
      if (row && row.failures > limit) waitMs = Math.max(waitMs, row.msLeft, 1000);
    }
    if (waitMs > 0) {
      await this.giveBack(all.map((c) => c.key));
      return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    }
    const { pair, account } = counters(keys, this.policy);
    const pairFailures = counted.get(pair.key)?.failures ?? 1;
    const accountFailures = counted.get(account.key)?.failures ?? 1;
    const delayMs = Math.min(this.policy.maxDelayMs, pairFailures * this.policy.delayStepMs);
    return {
      allowed: true,
      keys,
      failureDelayMs:
        accountFailures > this.policy.slowAfterFailuresPerAccount
          ? Math.max(delayMs, this.policy.underAttackDelayMs)
          : delayMs,
    };
  }

  /** The password was right: this attempt was no failure, and this address may start afresh. */
  async succeeded(keys: ThrottleKeys): Promise<void> {
    const { pair, address, account } = counters(keys, this.policy);
    await this.db.delete(loginFailures).where(eq(loginFailures.key, pair.key));
    await this.giveBack([address.key, account.key]);
  }

  /** One statement per row, so a give-back never holds one counter while waiting for another. */
  private async giveBack(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.db
        .update(loginFailures)
        .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
        .where(eq(loginFailures.key, key));
    }
  }
}

/** Deletes counters whose window has ended; returns how many went. */
export async function purgeExpiredLoginFailures(db: Db): Promise<number> {
  const gone = await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowEnds, sql`now()`))
    .returning({ key: loginFailures.key });
  return gone.length;
}
