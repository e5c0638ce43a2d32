import { test as base, expect, type Page } from '@playwright/test';
import { openDatabase, type Database, type Db } from '#server/db/client.js';
import { signedInSession, type Role, type SessionCookies } from './sign-in.js';

/** The main server, where most tests run (the projects' baseURL). */
export const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT)}`;
export const EMPTY_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;
/**
 * The server whose event the tests move (voting closed, counts hidden, results published), so no
 * other test meets a closed vote. Its database is the `eventDb` fixture, which holds the server for
 * the whole test; a test that needs it for one moment takes a turn with `eventServerTurn`.
 */
export const EVENT_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 2}`;
/**
 * The first screen of a page downloads its code, strings, session and lists before it shows
 * anything: on a busy two-core machine running two browsers that has taken over 10 s.
 */
export const FIRST_LOAD = { timeout: 45_000 };

/**
 * The advisory lock that gives one test at a time the event server: its event is one row, moved by
 * tests in several files and workers. Taken on the event server's own database, on an id apart from
 * the app's (src/server/db/advisory-locks.ts).
 */
const EVENT_SERVER_LOCK = 7243900;

/** Runs `fn` while holding the event server; the lock goes with its connection, even on a crash. */
async function holdingEventServer<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  return database.withConnection(
    async (_db, query) => {
      await query('select pg_advisory_lock($1)', [EVENT_SERVER_LOCK]);
      try {
        return await fn();
      } finally {
        await query('select pg_advisory_unlock($1)', [EVENT_SERVER_LOCK]);
      }
    },
    { longRunning: true },
  );
}

/** A console message a test may see: its text and, optionally, the URL it is about. */
export interface ConsoleAllowance {
  text: RegExp;
  /** Chrome reports a failed request ("Failed to load resource: ... status of 404") at its URL. */
  url?: RegExp;
}

/** Console messages the app is allowed to print on any page: anything else fails the test. */
const ALLOWED_CONSOLE: ConsoleAllowance[] = [];

/**
 * Browsers report a Content-Security-Policy refusal as an event even when the page catches the
 * error (a library probing for eval): turned into a console error, the check below sees it.
 */
function reportCspViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI} ` +
        `(${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

/** The `signIn` fixture, for helpers that take it. */
export type SignIn = Fixtures['signIn'];

export interface Fixtures {
  /** The e2e server's database, for the shared factories in test/factories. */
  db: Db;
  /** The database of the server at EVENT_BASE_URL, the server held by this test until it ends. */
  eventDb: Db;
  /** Holds the server at EVENT_BASE_URL while `fn` runs, for a test that needs it only briefly. */
  eventServerTurn: <T>(fn: (eventDb: Db) => Promise<T>) => Promise<T>;
  /**
   * Puts a signed-in session in the page's browser and returns its account's e-mail: by default
   * the worker's own account of that role, made and signed in once per worker; `own` for a new
   * account of the test's own (a test that reads back who did what); `server: 'event'` for the
   * event server, whose database is another.
   */
  signIn: (role?: Role, options?: { own?: boolean; server?: 'main' | 'event' }) => Promise<string>;
  /**
   * Declares console output this test expects, e.g. the 404 a not-found page is built on:
   * `allowConsole({ text: /status of 404/, url: /\/api\/categories\// })`.
   */
  allowConsole: (allowance: ConsoleAllowance) => void;
  /** Per-test allowances, filled by allowConsole. */
  consoleAllowances: ConsoleAllowance[];
}

async function openE2eDatabase(variable: string): Promise<Database> {
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is not set: run end-to-end tests with npm run test:e2e`);
  return openDatabase({ kind: 'postgres', url, poolSize: 2 });
}

interface WorkerFixtures {
  database: Database;
  eventDatabase: Database;
  /** The worker's signed-in account of each role on the main server, made on first use. */
  sessions: (role: Role) => Promise<{ email: string; cookies: SessionCookies }>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  database: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const database = await openE2eDatabase('E2E_DATABASE_URL');
      await use(database);
      await database.close();
    },
    { scope: 'worker' },
  ],
  eventDatabase: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const database = await openE2eDatabase('E2E_EVENT_DATABASE_URL');
      await use(database);
      await database.close();
    },
    { scope: 'worker' },
  ],
  sessions: [
    async ({ database }, use) => {
      const made = new Map<Role, ReturnType<typeof signedInSession>>();
      await use((role) => {
        const session = made.get(role) ?? signedInSession(database.db, BASE_URL, role);
        made.set(role, session);
        return session;
      });
    },
    { scope: 'worker' },
  ],
  db: async ({ database }, use) => use(database.db),
  eventDb: async ({ eventDatabase }, use) =>
    holdingEventServer(eventDatabase, () => use(eventDatabase.db)),
  eventServerTurn: async ({ eventDatabase }, use) =>
    use((fn) => holdingEventServer(eventDatabase, () => fn(eventDatabase.db))),
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured
  consoleAllowances: async ({}, use) => use([]),
  allowConsole: async ({ consoleAllowances }, use) =>
    use((allowance) => void consoleAllowances.push(allowance)),
  page: async ({ page, consoleAllowances }, use) => {
    await page.addInitScript(reportCspViolations);
    const seen: Array<{ type: string; text: string; url: string }> = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      seen.push({ type: message.type(), text: message.text(), url: message.location().url });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    await use(page);
    // Checked at the end so a test may declare what it expects at any point.
    const allowed = [...ALLOWED_CONSOLE, ...consoleAllowances];
    const problems = seen
      .filter(({ text, url }) =>
        allowed.every((a) => !a.text.test(text) || (a.url !== undefined && !a.url.test(url))),
      )
      .map(({ type, text, url }) => `console.${type}: ${text}${url ? ` (${url})` : ''}`);
    expect([...problems, ...errors], 'unexpected console output').toEqual([]);
  },
  signIn: async ({ page, sessions, database, eventDatabase }, use) =>
    use(async (role = 'admin', { own = false, server = 'main' } = {}) => {
      const session =
        server === 'event'
          ? await signedInSession(eventDatabase.db, EVENT_BASE_URL, role)
          : own
            ? await signedInSession(database.db, BASE_URL, role)
            : await sessions(role);
      await page.context().addCookies(session.cookies);
      return session.email;
    }),
});

export { expect };

/** Waits for a smooth scroll (to a shared nominee, to a payment's status) to come to rest. */
export async function scrollSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
      }),
  );
}

/** Switches the interface language the way a visitor does, through localStorage + reload. */
export async function setLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}
