/**
 * The soak's plan, drawn from one seed: who votes when, how each voter behaves, what happens to
 * the provider's messages about their payment, and which faults strike when. The same seed and
 * size give the same plan, so a failing run is replayed by its seed.
 */

export const PROVIDERS = ['campay', 'stripe'] as const;
export type SoakProvider = (typeof PROVIDERS)[number];

export const BEHAVIOURS = [
  'paid',
  'abandoned',
  'retried',
  'two-tabs',
  'refunded',
  'disputed-won',
  'disputed-lost',
  'late-success',
  'amount-mismatch',
  'silent-phone',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** What happens to the provider's messages (callbacks, webhooks) about one voter's payment. */
export const DELIVERIES = ['on-time', 'lost', 'duplicated', 'delayed', 'reordered'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const FAULT_KINDS = [
  'collect-timeout',
  'provider-5xx',
  'provider-silent',
  'database-cut',
  'redis-restart',
  'instance-kill',
  'rolling-restart',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  /** The event hour it starts, and how many hours it lasts (0: a single blow). */
  hour: number;
  hours: number;
  provider?: SoakProvider;
  /** Which instance a kill strikes (the cluster only). */
  instance?: number;
  /** What the instance is doing when it is killed. */
  during?: 'settlement' | 'refund' | 'reconciliation';
}

export interface Voter {
  index: number;
  hour: number;
  provider: SoakProvider;
  behaviour: Behaviour;
  delivery: Delivery;
  /** Votes on nominations, by the nomination's index in the catalogue. */
  votes: { nomination: number; count: number }[];
  /** Hours between the payment and what follows it (a refund, a dispute, a late answer). */
  after: number;
  /** A partial refund takes this share of the amount (1: all of it). */
  refundShare: number;
}

export interface SoakPlan {
  seed: number;
  hours: number;
  voters: Voter[];
  faults: Fault[];
}

export interface PlanOptions {
  seed: number;
  payments: number;
  hours: number;
  nominations: number;
  /** Process-level faults (kills, a rolling restart): only where there are processes to kill. */
  processFaults: boolean;
  /** Instances that can be killed. */
  instances: number;
}

/** mulberry32: small, fast, and the same numbers for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T extends string>(random: () => number, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let pick = random() * total;
  for (const [value, weight] of entries) {
    pick -= weight;
    if (pick < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** Most voters pay; every other behaviour is common enough to appear many times in a short run. */
const BEHAVIOUR_WEIGHTS: Record<Behaviour, number> = {
  paid: 52,
  abandoned: 10,
  retried: 8,
  'two-tabs': 5,
  refunded: 6,
  'disputed-won': 3,
  'disputed-lost': 3,
  'late-success': 5,
  'amount-mismatch': 3,
  'silent-phone': 5,
};

const DELIVERY_WEIGHTS: Record<Delivery, number> = {
  'on-time': 55,
  lost: 12,
  duplicated: 13,
  delayed: 12,
  reordered: 8,
};

/** Each payment's behaviour fitted to what its provider can do. */
function fitted(behaviour: Behaviour, provider: SoakProvider): Behaviour {
  if (provider === 'campay' && behaviour.startsWith('disputed')) return 'refunded';
  if (provider === 'stripe' && behaviour === 'silent-phone') return 'abandoned';
  return behaviour;
}

/** Faults spread over the event: roughly one every few hours of each kind. */
function planFaults(random: () => number, options: PlanOptions): Fault[] {
  const faults: Fault[] = [];
  const hourIn = () => 1 + Math.floor(random() * Math.max(1, options.hours - 3));
  const everyHours = (hours: number) => Math.max(1, Math.round(options.hours / hours));
  const provider = (): SoakProvider => (random() < 0.5 ? 'campay' : 'stripe');
  for (let i = 0; i < everyHours(8); i++)
    faults.push({ kind: 'collect-timeout', hour: hourIn(), hours: 1, provider: 'campay' });
  for (let i = 0; i < everyHours(8); i++)
    faults.push({ kind: 'provider-5xx', hour: hourIn(), hours: 1, provider: provider() });
  for (let i = 0; i < everyHours(12); i++)
    faults.push({ kind: 'provider-silent', hour: hourIn(), hours: 1, provider: provider() });
  for (let i = 0; i < everyHours(8); i++)
    faults.push({ kind: 'database-cut', hour: hourIn(), hours: 0 });
  for (let i = 0; i < everyHours(12); i++)
    faults.push({ kind: 'redis-restart', hour: hourIn(), hours: 0 });
  if (options.processFaults) {
    const during = ['settlement', 'refund', 'reconciliation'] as const;
    for (let i = 0; i < everyHours(24); i++) {
      faults.push({
        kind: 'instance-kill',
        hour: hourIn(),
        hours: 0,
        instance: Math.floor(random() * options.instances),
        during: during[i % during.length],
      });
    }
    faults.push({ kind: 'rolling-restart', hour: Math.floor(options.hours / 2), hours: 0 });
  }
  return faults.sort((a, b) => a.hour - b.hour || a.kind.localeCompare(b.kind));
}

export function planSoak(options: PlanOptions): SoakPlan {
  const random = seededRandom(options.seed);
  const voters: Voter[] = [];
  for (let index = 0; index < options.payments;) {
    const provider: SoakProvider = random() < 0.55 ? 'campay' : 'stripe';
    const behaviour = fitted(weighted(random, BEHAVIOUR_WEIGHTS), provider);
    const nominationCount = random() < 0.8 ? 1 : 2;
    const votes = Array.from({ length: nominationCount }, (_, k) => ({
      nomination: (Math.floor(random() * options.nominations) + k) % options.nominations,
      count: 1 + Math.floor(random() * 5),
    }));
    // Two nominations drawn the same are one nomination with both counts.
    const merged = votes.filter(
      (vote, k) => votes.findIndex((other) => other.nomination === vote.nomination) === k,
    );
    voters.push({
      index,
      hour: Math.floor(random() * options.hours),
      provider,
      behaviour,
      delivery: weighted(random, DELIVERY_WEIGHTS),
      votes: merged,
      after: 1 + Math.floor(random() * 4),
      refundShare: random() < 0.3 ? 0.5 : 1,
    });
    // Two tabs make two payments.
    index += behaviour === 'two-tabs' ? 2 : 1;
  }
  voters.sort((a, b) => a.hour - b.hour || a.index - b.index);
  return { seed: options.seed, hours: options.hours, voters, faults: planFaults(random, options) };
}

/** The seed from SOAK_SEED, else a fresh one (printed by the run so it can be replayed). */
export function soakSeed(setting: string | undefined): number {
  if (setting && /^\d+$/.test(setting)) return Number(setting) >>> 0;
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}
