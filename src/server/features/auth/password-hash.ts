import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` so the cost can
 * be raised later without invalidating existing hashes (each is checked with its own parameters).
 * N=2^15, r=8 costs 32 MiB and roughly 50-100 ms per check: slow for guessing, fine for sign-in.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number) {
  const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

interface ParsedHash {
  options: ScryptOptions;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Refuse absurd parameters from a tampered row instead of allocating gigabytes.
  const sane = (n: number, max: number) => Number.isInteger(n) && n > 0 && n <= max;
  if (!sane(N, 2 ** 20) || (N & (N - 1)) !== 0 || !sane(r, 32) || !sane(p, 16)) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || key.length < 16) return null;
  return { options: { N, r, p }, salt, key };
}

let dummy: Promise<string> | undefined;

/**
 * Constant-time comparison. With `stored` undefined (no such account) a throwaway hash is still
 * computed, so the answer takes as long as for a real account and does not reveal which e-mails exist.
 */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parseHash(stored ?? (await dummy));
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.options, parsed.key.length);
  return timingSafeEqual(key, parsed.key) && stored !== undefined;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 characters from a 56-symbol alphabet without look-alikes: about 116 bits. */
export function generatePassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
