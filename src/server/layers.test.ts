import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The project's own ESLint configuration, without its type-aware rules: those need each file in
 * the TypeScript project, and the files linted here are made up.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT_DIR,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
});

/** What the import rule says about `code` written in `file`: its messages, none if allowed. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${ROOT_DIR}/${file}` });
  return result!.messages
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

const ABOVE_PAYMENTS = /Features are above payments/;
const ABOVE_SERVICES = /Payments are above the services/;
const THE_ROOT = /Only the composition root imports the composition root/;
const THE_DOOR = /Reach payments through #server\/payments\/index.js/;

describe('the server layers lint keeps', () => {
  it.each([
    // Upward imports, each refused with what to do instead.
    [
      'src/server/payments/upward.ts',
      "import { publishLedger } from '#server/features/ledger/publish-ledger.js';",
      ABOVE_PAYMENTS,
    ],
    [
      'src/server/payments/upward.test.ts',
      "import { CHECK_LOCK_WAIT_MS } from '#server/features/tracking/routes.js';",
      ABOVE_PAYMENTS,
    ],
    [
      'src/server/payments/providers/upward.ts',
      "import { SESSION_COOKIE } from '#server/features/auth/session-cookie.js';",
      ABOVE_PAYMENTS,
    ],
    [
      'src/server/http/upward.ts',
      "import { settle } from '#server/payments/settle.js';",
      ABOVE_SERVICES,
    ],
    [
      'src/server/http/upward.test.ts',
      "import { settle } from '#server/payments/settle.js';",
      ABOVE_SERVICES,
    ],
    [
      'src/server/db/upward.ts',
      "import { recordAudit } from '#server/features/audit/record-audit.js';",
      ABOVE_PAYMENTS,
    ],
    [
      'src/server/ledger/upward.ts',
      "import type { SettleOutcome } from '#server/payments/settle.js';",
      ABOVE_SERVICES,
    ],
    // The composition root, types included, below features.
    [
      'src/server/payments/upward.ts',
      "import type { AppContext } from '#server/app-context.js';",
      THE_ROOT,
    ],
    ['src/server/outbox/upward.test.ts', "import { buildApp } from '#server/app.js';", THE_ROOT],
    ['src/server/db/upward.ts', "import { seedDemoEvent } from '#server/demo/seed.js';", THE_ROOT],
    ['src/server/features/auth/upward.ts', "import { buildApp } from '#server/app.js';", THE_ROOT],
    // Nor by a relative path, nor from config.ts, the bottom layer.
    ['src/server/payments/upward.ts', "import { buildApp } from '../app.js';", /stays inside/],
    [
      'src/server/config.ts',
      "import { SMS_GATEWAYS } from './outbox/channel-registry.js';",
      /bottom layer/,
    ],
    ['src/server/config.ts', "import type { Db } from '#server/db/client.js';", /bottom layer/],
    // Above payments, a payment is reached through the folder's one door.
    [
      'src/server/features/checkout/routes.ts',
      "import { settle } from '#server/payments/settle.js';",
      THE_DOOR,
    ],
    [
      'src/server/features/books/credit.ts',
      "import type { SettlementQueue } from '#server/payments/settlement-queue.js';",
      THE_DOOR,
    ],
    ['src/server/demo/seed.ts', "import { settle } from '#server/payments/settle.js';", THE_DOOR],
  ])('refuses in %s: %s', async (file, code, message) => {
    const found = await refusals(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    // Downward and sideways imports, the root's own, and tests' use of test support.
    ['src/server/payments/settle.ts', "import { rowsOf } from '#server/db/rows.js';"],
    [
      'src/server/payments/settle.ts',
      "import { appendLedgerCorrections } from '#server/ledger/ledger-correction.js';",
    ],
    ['src/server/http/spa.ts', "import { loadConfig } from '#server/config.js';"],
    ['src/server/outbox/outbox-worker.ts', "import { rowsOf } from '#server/db/rows.js';"],
    [
      'src/server/features/checkout/routes.ts',
      "import { settlePayment } from '#server/payments/index.js';",
    ],
    // A feature's test may set up a payment past the door; the root builds what is behind it.
    [
      'src/server/features/checkout/routes.test.ts',
      "import { settle } from '#server/payments/settle.js';",
    ],
    [
      'src/server/create-app-context.ts',
      "import { SettlementQueue } from '#server/payments/settlement-queue.js';",
    ],
    [
      'src/server/features/checkout/routes.ts',
      "import { csvLine } from '#server/features/tracking/csv.js';",
    ],
    [
      'src/server/features/checkout/routes.ts',
      "import type { AppContext } from '#server/app-context.js';",
    ],
    ['src/server/app.ts', "import metricsRoutes from './features/metrics/routes.js';"],
    ['src/server/demo/seed.ts', "import type { AppContext } from '#server/app-context.js';"],
    [
      'src/server/payments/settle.test.ts',
      "import { buildTestApp } from '#test/support/test-app.js';",
    ],
  ])('allows in %s: %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});

describe('the client layers lint keeps', () => {
  it.each([
    [
      'src/client/lib/upward.ts',
      "import { toast } from '#client/components/ui/toast-store';",
      /lib\/ is the bottom layer/,
    ],
    [
      'src/client/lib/upward.ts',
      "import { useEvent } from '#client/features/event';",
      /below the features/,
    ],
    [
      'src/client/components/layout/upward.tsx',
      "import { useEvent } from '#client/features/event';",
      /below the features/,
    ],
    [
      'src/client/components/ui/upward.test.tsx',
      "import { CheckoutPage } from '#client/features/checkout';",
      /below the features/,
    ],
    [
      'src/client/features/catalog/upward.tsx',
      "import { queryClient } from '#client/query-client';",
      /Only the app's root/,
    ],
    // Inside admin, a sub-feature is reached through its index.ts, from the side and from above.
    [
      'src/client/features/admin/finance/sideways.tsx',
      "import { ArtistForm } from '../artists/artist-form';",
      /Use another admin sub-feature through its index.ts/,
    ],
    [
      'src/client/features/admin/finance/sideways.test.tsx',
      "import { CategoryForm } from '../categories/category-form';",
      /Use another admin sub-feature through its index.ts/,
    ],
    [
      'src/client/features/admin/down.tsx',
      "import { ArtistsTab } from './artists/artists-tab';",
      /Use an admin sub-feature through its index.ts/,
    ],
  ])('refuses in %s: %s', async (file, code, message) => {
    const found = await refusals(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    [
      'src/client/features/catalog/down.tsx',
      "import { Button } from '#client/components/ui/button';",
    ],
    [
      'src/client/components/layout/down.tsx',
      "import { useEvent } from '#client/lib/event-query';",
    ],
    ['src/client/app.tsx', "import { queryClient } from './query-client';"],
    ['src/client/routes.tsx', "import { AdminPage } from './features/admin/admin-page';"],
    ['src/client/features/admin/finance/sideways.tsx', "import { ArtistsTab } from '../artists';"],
    ['src/client/features/admin/finance/up.tsx', "import { TabHeading } from '../tab-heading';"],
    [
      'src/client/features/admin/finance/up.tsx',
      "import { useTimeseries } from '../api/admin-queries';",
    ],
    ['src/client/features/admin/down.tsx', "import { ArtistsTab } from './artists';"],
    [
      'src/client/screens.ts',
      "import { ArtistEditorPage } from './features/admin/artists/artist-editor-page';",
    ],
  ])('allows in %s: %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
