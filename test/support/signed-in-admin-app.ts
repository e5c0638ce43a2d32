import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Db } from '#server/db/client';
import { signedInUser } from '#test/factories/user-factory';
import { signInBrowser, signOutBrowser } from './browser-session';
import { routeFetchToApp, type FetchToApp } from './fetch-to-app';
import { createTestApp, type TestApp } from './test-app';

export type SignedInAdmin = Awaited<ReturnType<typeof signedInUser>>;

/** What the hooks `signedInAdminApp` registers set up; read it inside a test or hook. */
export interface AdminApp {
  readonly testApp: TestApp;
  /** The admin the browser is signed in as (`cookie`, `headers` to call the app as them). */
  readonly admin: SignedInAdmin;
  /** This test's fetch to the app, with the requests the page made. */
  readonly network: FetchToApp;
}

/**
 * The start of an admin screen's component test, registered as the file's hooks: one app on
 * PGlite for the file with an admin (of `email` if given) and what `seed` writes; for each test,
 * the browser's fetch routed to the app and signed in as that admin, and afterwards signed out
 * with every spy restored.
 */
export function signedInAdminApp(
  options: {
    email?: string;
    /** Settings for the app, as environment variables (config.ts). */
    env?: Record<string, string>;
    seed?: (setUp: { db: Db; testApp: TestApp; admin: SignedInAdmin }) => Promise<void>;
  } = {},
): AdminApp {
  let testApp: TestApp | undefined;
  let admin: SignedInAdmin | undefined;
  let network: FetchToApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', options.env);
    const { db } = testApp.app.ctx;
    admin = await signedInUser(db, { isAdmin: true, email: options.email });
    await options.seed?.({ db, testApp, admin });
  });
  afterAll(() => testApp?.close());
  beforeEach(() => {
    network = routeFetchToApp(setUp(testApp).app);
    signInBrowser(network, setUp(admin).cookie);
  });
  afterEach(() => {
    signOutBrowser();
    vi.restoreAllMocks();
  });
  return {
    get testApp() {
      return setUp(testApp);
    },
    get admin() {
      return setUp(admin);
    },
    get network() {
      return setUp(network);
    },
  };
}

function setUp<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Set up by the hooks: read it inside a test or a hook');
  return value;
}
