import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPhoneHasher } from './phone-hash.js';

describe('phone hash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palmares-phone-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is a keyed hash: same key same hash, another key another hash', () => {
    const a = createPhoneHasher({ phoneHashKey: 'key-one', dataDir });
    const b = createPhoneHasher({ phoneHashKey: 'key-two', dataDir });
    expect(a('237677123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(a('237677123456')).toBe(a('237677123456'));
    expect(a('237677123456')).not.toBe(b('237677123456'));
  });

  it('without a configured key, makes one in DATA_DIR (owner-only) and keeps using it', () => {
    const first = createPhoneHasher({ phoneHashKey: undefined, dataDir });
    const keyFile = path.join(dataDir, 'phone-hash.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const again = createPhoneHasher({ phoneHashKey: undefined, dataDir });
    expect(again('237699000000')).toBe(first('237699000000'));
    expect(fs.readdirSync(dataDir)).toEqual(['phone-hash.key']);
  });
});
