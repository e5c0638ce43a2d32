import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadSchemaToolConfig, SETTING_NAMES } from './config.js';

const OWNER_URL = 'postgres://owner:secret@db.internal:5432/palmares';
const APP_URL = 'postgres://app:secret@db.internal:5432/palmares';

describe('PHONE_HASH_KEY in production', () => {
  it('is required of the server and the tools that do its work', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: APP_URL })).toThrow(
      /PHONE_HASH_KEY: production needs PHONE_HASH_KEY/,
    );
  });

  it('is not asked of the schema tools, which never hash a phone number', () => {
    const config = loadSchemaToolConfig({
      NODE_ENV: 'production',
      DATABASE_URL: APP_URL,
      DATABASE_MIGRATION_URL: OWNER_URL,
    });
    expect(config.database).toMatchObject({ kind: 'postgres', migrationUrl: OWNER_URL });
    expect(config.phoneHashKey).toBeUndefined();
  });

  it('leaves the schema tools every other check', () => {
    expect(() =>
      loadSchemaToolConfig({
        NODE_ENV: 'production',
        DATABASE_MIGRATION_URL: OWNER_URL,
        TRUST_PROXY: 'true',
      }),
    ).toThrow(/DATABASE_MIGRATION_URL: needs DATABASE_URL[\s\S]*TRUST_PROXY: true would/);
  });
});

describe('SETTING_NAMES', () => {
  it('names each variable the README documents, and only those', () => {
    const table = readFileSync('README.md', 'utf8')
      .split('## Configuration')[1]!
      .split('\n## ')[0]!;
    const documented = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
    );
    expect([...SETTING_NAMES].sort()).toEqual([...documented].sort());
  });
});
