import { describe, expect, it } from 'vitest';
import { RecentProviderChecks } from './recent-provider-checks.js';

describe('the provider checks an instance claimed lately', () => {
  it('hold from before the claim was asked for, for the poll interval and no longer', () => {
    let now = 1_000;
    const checks = new RecentProviderChecks(4_000, () => now);
    expect(checks.claimedRecently('a')).toBe(false);

    const started = checks.startClaim();
    now += 150; // the claim's round trip
    checks.claimed('a', started);
    now = started + 3_999;
    expect(checks.claimedRecently('a')).toBe(true);
    expect(checks.claimedRecently('b')).toBe(false);
    // Due in the database from 4 s after its claim: never held here past that.
    now = started + 4_000;
    expect(checks.claimedRecently('a')).toBe(false);
  });
});
