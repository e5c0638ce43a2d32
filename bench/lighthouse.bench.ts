import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM, ensureChromium } from '#test/support/chromium.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { checkoutHrefFrom } from './support/checkout-link.js';
import { percentile } from './support/percentile.js';
import { benchServerEnv, startProcess } from './support/server-process.js';

/** What a visitor on a mid-range phone should get from each public page. */
const TARGET = { performance: 95, lcpSeconds: 2.0, cls: 0.05, accessibility: 100 };

/**
 * Lighthouse's simulated throttling still depends on how busy this machine is while it traces, so
 * one run can be several points off the next; each page is measured this many times and the
 * median of every figure is reported. BENCH_LIGHTHOUSE_RUNS overrides it for a quick look.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's whole report there (JSON), to read where a page's
 * time went: its requests in order, the largest paint's phases, the long tasks.
 */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

/**
 * Chromium must not send anything off this machine. chrome-launcher already turns off most
 * background services; these are repeated so the list stands on its own. The last two are a safety
 * net for anything those flags miss: every host but localhost and 127.0.0.1 fails to resolve (the
 * rule applies to address literals too, hence the explicit 127.0.0.1), and whatever Chromium still
 * tries to fetch from another host goes to a proxy on a closed loopback port and fails there
 * (Chromium never proxies loopback addresses, so the app itself is reached directly).
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-sync',
  '--metrics-recording-only',
  '--no-default-browser-check',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  '--proxy-server=http://127.0.0.1:9',
];

interface Figures {
  performance: number;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
  accessibility: number;
}

interface Measured {
  figures: Figures;
  /** Failing accessibility audits by id, from whichever run first saw each fail. */
  a11yFailures: Map<string, A11yFailure>;
  /** From the run whose performance score was the median. */
  lcp: string;
  /** The largest savings Lighthouse suggests, from the run whose performance score was the median. */
  opportunities: string[];
  warnings: Set<string>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Every URL the page requested, from the network-requests audit; throws on any that is not local. */
function assertLoopbackOnly(lhr: Result, label: string): number {
  const details = lhr.audits['network-requests']?.details;
  if (!details || details.type !== 'table') {
    throw new Error(`${label}: Lighthouse returned no network-requests table to check`);
  }
  const remote: string[] = [];
  for (const item of details.items) {
    const url = new URL(String(item.url));
    // data: and blob: URLs are read from memory, not fetched.
    if (url.protocol === 'data:' || url.protocol === 'blob:') continue;
    if (!LOCAL_HOSTS.has(url.hostname)) remote.push(url.href);
  }
  if (remote.length > 0) {
    throw new Error(
      `${label} requested addresses off this machine (the bench must stay on loopback):\n  ${remote.join('\n  ')}`,
    );
  }
  return details.items.length;
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no value for ${id}`);
    return value;
  };
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${id} score`);
    return Math.round(value * 100);
  };
  return {
    performance: score('performance'),
    lcpSeconds: numeric('largest-contentful-paint') / 1000,
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    accessibility: score('accessibility'),
  };
}

interface A11yFailure {
  selector: string;
  label: string;
  count: number;
  /** Zero for audits Lighthouse reports but leaves out of the score. */
  weight: number;
}

function accessibilityFailures(lhr: Result): Map<string, A11yFailure> {
  const failures = new Map<string, A11yFailure>();
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    const items = audit.details && 'items' in audit.details ? audit.details.items : [];
    const node = (items[0] as { node?: { selector?: string; nodeLabel?: string } } | undefined)
      ?.node;
    failures.set(ref.id, {
      selector: node?.selector ?? '(no element named)',
      label: (node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40),
      count: items.length,
      weight: ref.weight,
    });
  }
  return failures;
}

/** The element Lighthouse took as the largest paint, and how its time splits into phases. */
function lcpBreakdown(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (!details || details.type !== 'list') return 'LCP element not reported';
  const [elementTable, phaseTable] = details.items as Array<{
    items?: Array<Record<string, unknown>>;
  }>;
  const node = elementTable?.items?.[0]?.node as { selector?: string } | undefined;
  const phases = (phaseTable?.items ?? [])
    .map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))} ms`)
    .join(', ');
  return `LCP element ${node?.selector ?? '(unknown)'}${phases ? `: ${phases}` : ''}`;
}

/** Lighthouse's opportunities with the most to gain, largest first (time, then bytes). */
function topOpportunities(lhr: Result, limit = 3): string[] {
  return Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.details?.type === 'opportunity' &&
        audit.score !== null &&
        audit.score < 1 &&
        ((audit.details.overallSavingsMs ?? 0) > 0 || (audit.details.overallSavingsBytes ?? 0) > 0),
    )
    .map((audit) => {
      const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
      return {
        id: audit.id,
        ms: details.overallSavingsMs ?? 0,
        bytes: details.overallSavingsBytes ?? 0,
      };
    })
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes)
    .slice(0, limit)
    .map((o) => `${o.id} (~${Math.round(o.ms)} ms, ${(o.bytes / 1024).toFixed(0)} KB)`);
}

async function measure(chrome: LaunchedChrome, url: string, label: string): Promise<Measured> {
  // Lighthouse's default configuration is the mobile one: a phone-sized screen, simulated slow 4G
  // and a 4x slower CPU; only the two categories we have targets for are run. (Lighthouse's error
  // reporting to an outside service is started by its command line only, never by this API.)
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The screenshot of the whole page is only for the HTML report, which we do not write.
    disableFullPageScreenshot: true,
  };
  const runs: Result[] = [];
  const a11yFailures = new Map<string, A11yFailure>();
  const warnings = new Set<string>();
  let retries = 0;
  while (runs.length < RUNS) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`${label}: Lighthouse returned no result`);
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      // Even a failed run must not have gone off the machine.
      if (lhr.audits['network-requests']?.details) assertLoopbackOnly(lhr, label);
      // Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP...) and itself
      // says to run again; a run is repeated twice at most before the bench gives up.
      if (retries < 2) {
        retries++;
        warnings.add(`run repeated after ${lhr.runtimeError.code}`);
        continue;
      }
      throw new Error(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    assertLoopbackOnly(lhr, label);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${label.replace(/[^a-z]+/gi, '-')}-${runs.length + 1}.json`;
      writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
    }
    for (const warning of lhr.runWarnings) warnings.add(String(warning));
    for (const [id, failure] of accessibilityFailures(lhr)) {
      if (!a11yFailures.has(id)) a11yFailures.set(id, failure);
    }
    runs.push(lhr);
  }
  const all = runs.map(figuresOf);
  const median = (pick: (f: Figures) => number) =>
    percentile(
      all.map(pick).sort((a, b) => a - b),
      0.5,
    );
  const figures: Figures = {
    performance: median((f) => f.performance),
    lcpSeconds: median((f) => f.lcpSeconds),
    cls: median((f) => f.cls),
    tbtMs: median((f) => f.tbtMs),
    accessibility: median((f) => f.accessibility),
  };
  const medianRun = runs[all.findIndex((f) => f.performance === figures.performance)] ?? runs[0]!;
  return {
    figures,
    a11yFailures,
    lcp: lcpBreakdown(medianRun),
    opportunities: topOpportunities(medianRun),
    warnings,
  };
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** One aligned line: name, value, and the target with its verdict when there is one. */
function row(name: string, value: string, target?: string, ok?: boolean): string {
  const judged = target === undefined ? '' : `${target.padEnd(17)} ${verdict(ok ?? false)}`;
  return `  ${name.padEnd(14)} ${value.padEnd(8)} ${judged}`.trimEnd();
}

function describe(label: string, m: Measured): string[] {
  const f = m.figures;
  const lines = [
    `${label}  (median of ${RUNS})`,
    row(
      'performance',
      String(f.performance),
      `target >= ${TARGET.performance}`,
      f.performance >= TARGET.performance,
    ),
    row(
      'LCP',
      `${f.lcpSeconds.toFixed(2)} s`,
      `target <= ${TARGET.lcpSeconds.toFixed(1)} s`,
      f.lcpSeconds <= TARGET.lcpSeconds,
    ),
    row('CLS', f.cls.toFixed(3), `target <= ${TARGET.cls}`, f.cls <= TARGET.cls),
    row('TBT', `${f.tbtMs.toFixed(0)} ms`),
    row(
      'accessibility',
      String(f.accessibility),
      `target ${TARGET.accessibility}`,
      f.accessibility >= TARGET.accessibility,
    ),
  ];
  for (const [id, failure] of m.a11yFailures) {
    const scored = failure.weight > 0 ? '' : ', not counted in the score';
    const label = failure.label ? ` "${failure.label}"` : '';
    lines.push(
      `    a11y fail: ${id} (${failure.count} element(s)${scored}), first: ${failure.selector}${label}`,
    );
  }
  lines.push(`  ${m.lcp}`);
  if (m.opportunities.length > 0)
    lines.push(`  largest opportunities: ${m.opportunities.join('; ')}`);
  for (const warning of m.warnings) lines.push(`  Lighthouse warning: ${warning}`);
  return lines;
}

/**
 * Lighthouse performance and accessibility of each public page on a phone, against the production
 * build filled with the demo event.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  ensureChromium();
  const scratch = await createScratchDatabase('palmares_bench_lighthouse');
  const port = 28100 + (process.pid % 1000);
  const origin = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  let server: Awaited<ReturnType<typeof startProcess>> | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    server = await startProcess(
      ['dist/server/main.js'],
      benchServerEnv(scratch.url, port, { SEED_DEMO: 'true' }),
      `${origin}/readyz`,
    );
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });

    const categories = (await (await fetch(`${origin}/api/categories`)).json()) as Array<{
      id: string;
    }>;
    const categoryId = categories[0]?.id;
    if (!categoryId) throw new Error('/api/categories returned no category to measure');
    const categoryPath = `/category/${categoryId}`;
    // The same Chromium finds the checkout link; Playwright only attaches to it for that and
    // detaches before Lighthouse drives the browser.
    const attached = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    let checkoutPath: string;
    try {
      checkoutPath = await checkoutHrefFrom(attached, `${origin}${categoryPath}`);
    } finally {
      await attached.close();
    }

    const routes: Array<[label: string, address: string]> = [
      ['/categories', '/categories'],
      ['/category/{id}', categoryPath],
      ['/checkout?artist=…', checkoutPath],
      ['/results', '/results'],
    ];
    for (const [label, address] of routes) {
      lines.push(...describe(label, await measure(chrome, `${origin}${address}`, label)));
    }
    lines.push('every request of every run went to 127.0.0.1 (checked from network-requests)');
  } finally {
    if (chrome) {
      const exited = new Promise<void>((resolve) => {
        if (chrome!.process.exitCode !== null) resolve();
        else chrome!.process.once('exit', () => resolve());
      });
      chrome.kill();
      await exited;
    }
    await server?.stop();
    await scratch.drop();
  }
  return { name: 'Lighthouse on a phone (production build, demo event)', lines };
}
