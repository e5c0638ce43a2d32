import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config.js';

const KEY_FILE = 'phone-hash.key';

/**
 * Phone numbers are matched for receipt lookup through a keyed hash (HMAC-SHA256), so the lookup
 * index alone does not reveal numbers: with only 9 digits, an unkeyed hash would be reversed by
 * trying them all. Without PHONE_HASH_KEY (never in production: config refuses) a random key is
 * made once and kept in DATA_DIR, readable by the owner only, so lookups keep working across restarts.
 */
export function createPhoneHasher(config: Pick<Config, 'phoneHashKey' | 'dataDir'>) {
  const key = phoneHashKeyOf(config);
  return (phoneNumber: string) => createHmac('sha256', key).update(phoneNumber).digest('hex');
}
export type PhoneHasher = ReturnType<typeof createPhoneHasher>;

/** The key behind the phone hashes, which the outbox's sealed codes derive theirs from too. */
export function phoneHashKeyOf(config: Pick<Config, 'phoneHashKey' | 'dataDir'>): string {
  return config.phoneHashKey ?? localKey(config.dataDir);
}

function localKey(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside then linked into place: link is atomic and fails if another process won the
    // race, so every process ends up reading the same complete key.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32)
    throw new Error(`${file} is not a usable phone hash key; delete it to make a new one`);
  return key;
}
