/**
 * `npm run verify-results -- <ledger.json | URL> [--root <hex>] [--head <hex>]`: checks a
 * published ledger of the results from the rules it carries (`format`), recomputing every leaf,
 * the Merkle root, the corrections chain and the totals with and without the corrections. With
 * `--root` and `--head` (copied from the results page), it checks the ledger is the one they
 * seal: the same root and the same head (a later head than the one given is refused, saying how
 * many corrections came after it).
 * Given a URL (the ledger's, or the site's address), it also reads `/api/results` and
 * `/api/results/ledger/head` from the same origin (for the same `?edition=` as the URL, an edition
 * other than the current one) and compares the published counts with the totals and the root and
 * head the site shows with the document's.
 *
 * It imports nothing from the app on purpose: the check is a second, independent reading of the
 * rules written in docs/decisions/0058-published-ledger.md, so a mistake in the server's code is
 * not repeated here. Exit code: 0 verified, 1 a mismatch, 2 the ledger could not be read.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const KNOWN_VERSION = 'palmares-ledger/2';
const LEDGER_PATH = '/api/results/ledger';
const RESULTS_PATH = '/api/results';
const HEAD_PATH = '/api/results/ledger/head';

/** What the document is compared with besides its own rules. */
export interface Expected {
  /** GET /api/results: the published counts. */
  results?: unknown;
  /** A root noted earlier (command line): the document's must be the same. */
  root?: string;
  /** A head noted earlier (command line): the document's must be the same. */
  head?: string;
  /** GET /api/results/ledger/head: what the site shows now; the document must say the same. */
  site?: unknown;
}

interface Votes {
  nominationId: string;
  votes: number;
}

export interface Verdict {
  ok: boolean;
  /** What was checked and how it went, one line each, problems marked. */
  lines: string[];
}

/** The ledger could not be read at all (no file, not JSON, no answer): nothing to verify. */
export class UnreadableLedger extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isHash = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const isEntrySalt = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

function votesList(value: unknown, where: string, problems: string[]): Votes[] {
  if (!Array.isArray(value)) {
    problems.push(`${where} is not a list`);
    return [];
  }
  const list: Votes[] = [];
  for (const item of value) {
    if (
      !isRecord(item) ||
      typeof item.nominationId !== 'string' ||
      typeof item.votes !== 'number' ||
      !Number.isInteger(item.votes)
    ) {
      problems.push(`${where} holds an item that is not {nominationId, votes}`);
      continue;
    }
    list.push({ nominationId: item.nominationId, votes: item.votes });
  }
  return list;
}

const sortedById = (list: Votes[]) =>
  list.every((v, i) => i === 0 || list[i - 1]!.nominationId < v.nominationId);

function sumsOf(lists: Votes[][]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const list of lists) {
    for (const v of list) sums.set(v.nominationId, (sums.get(v.nominationId) ?? 0) + v.votes);
  }
  return sums;
}

function compareTotals(label: string, stated: Votes[], computed: Map<string, number>): string[] {
  const problems: string[] = [];
  const expected = [...computed].sort(([a], [b]) => (a < b ? -1 : 1));
  if (stated.length !== expected.length) {
    problems.push(
      `${label}: the document lists ${stated.length} nominations, the entries give ${expected.length}`,
    );
  }
  const statedById = new Map(stated.map((v) => [v.nominationId, v.votes]));
  for (const [id, votes] of expected) {
    const said = statedById.get(id);
    if (said !== votes) {
      problems.push(
        `${label}: nomination ${id} is stated ${said ?? 'nowhere'}, the entries add up to ${votes}`,
      );
    }
  }
  for (const v of stated) {
    if (!computed.has(v.nominationId)) {
      problems.push(
        `${label}: nomination ${v.nominationId} is stated ${v.votes} but no entry names it`,
      );
    }
  }
  if (!sortedById(stated)) problems.push(`${label}: not sorted by nominationId`);
  return problems;
}

/**
 * Checks a ledger document against its own rules, and against what is expected of it: the
 * published results (the answer of GET /api/results), a root and head noted earlier, the root and
 * head the site shows.
 */
export function verifyLedger(document: unknown, expected: Expected = {}): Verdict {
  const { results } = expected;
  const lines: string[] = [];
  const problems: string[] = [];
  const fail = (line: string) => {
    problems.push(line);
    lines.push(`✗ ${line}`);
  };
  if (!isRecord(document) || !isRecord(document.format)) {
    fail('not a ledger document: it has no format');
    return { ok: false, lines };
  }
  const { format } = document;
  if (format.version !== KNOWN_VERSION || format.hash !== 'sha256') {
    fail(
      `format ${String(format.version)} with ${String(format.hash)} is not ${KNOWN_VERSION} with sha256` +
        (format.version === 'palmares-ledger/1'
          ? ' (a ledger of that format has no corrections chain: download it again)'
          : ''),
    );
    return { ok: false, lines };
  }
  // How receipt codes were hashed: a verifier holds no code, but the salts must fit the rule.
  const rule = isRecord(format.receiptHash) ? format.receiptHash : {};
  const ownSalts =
    rule.function === 'scrypt' && [rule.N, rule.r, rule.p, rule.dkLen].every(isCount);
  if (!ownSalts && rule.function !== 'sha256') {
    fail('format.receiptHash is neither scrypt with N, r, p, dkLen nor sha256');
    return { ok: false, lines };
  }
  const prefix = (value: unknown, name: string) => {
    if (typeof value !== 'string' || !/^[0-9a-f]{2}$/.test(value)) {
      fail(`format.${name} is not one byte in hex`);
      return Buffer.alloc(1);
    }
    return Buffer.from(value, 'hex');
  };
  const leafPrefix = prefix(format.leafPrefix, 'leafPrefix');
  const nodePrefix = prefix(format.nodePrefix, 'nodePrefix');
  const correctionPrefix = prefix(format.correctionPrefix, 'correctionPrefix');
  const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
  const saltOk = (value: unknown) => (ownSalts ? isEntrySalt(value) : value === undefined);
  const saltJson = (value: unknown) => (value === undefined ? '' : `"salt":"${String(value)}",`);

  if (ownSalts ? document.salt !== undefined : !isHash(document.salt)) {
    fail(
      ownSalts
        ? 'the document has one salt, but its rule gives each receipt its own'
        : 'the salt is not 64 hex digits',
    );
  }
  if (!isHash(document.root)) fail('the root is not 64 hex digits');
  if (!Array.isArray(document.entries)) {
    fail('the document has no list of entries');
    return { ok: false, lines };
  }

  // Entries: shape, order, and their leaves.
  const entryProblems: string[] = [];
  const leaves: Buffer[] = [];
  const entryVotes: Votes[][] = [];
  let previous = '';
  for (const [index, entry] of (document.entries as unknown[]).entries()) {
    if (!isRecord(entry) || !isHash(entry.receiptHash)) {
      entryProblems.push(`entry ${index} has no receiptHash of 64 hex digits`);
      continue;
    }
    if (!saltOk(entry.salt)) {
      entryProblems.push(
        `entry ${index}: ${ownSalts ? 'no salt of 32 hex digits' : 'a salt of its own, which its rule has not'}`,
      );
      continue;
    }
    const votes = votesList(entry.votes, `entry ${index}`, entryProblems);
    if (!sortedById(votes)) entryProblems.push(`entry ${index}: votes not sorted by nominationId`);
    if (votes.some((v) => v.votes <= 0))
      entryProblems.push(`entry ${index}: a count is not positive`);
    if (entry.receiptHash <= previous) {
      entryProblems.push(
        `entry ${index} is out of order (entries are sorted by receiptHash, each once)`,
      );
    }
    previous = entry.receiptHash;
    // The canonical JSON, written out by hand so that no serializer's choices enter into it.
    const canonical = `{"receiptHash":"${entry.receiptHash}",${saltJson(entry.salt)}"votes":[${votes
      .map((v) => `{"nominationId":${JSON.stringify(v.nominationId)},"votes":${v.votes}}`)
      .join(',')}]}`;
    leaves.push(sha256(leafPrefix, Buffer.from(canonical, 'utf8')));
    entryVotes.push(votes);
  }
  for (const problem of entryProblems) fail(problem);
  if (document.entryCount !== leaves.length) {
    fail(
      `entryCount says ${String(document.entryCount)}, the document holds ${leaves.length} entries`,
    );
  } else {
    lines.push(`✓ ${leaves.length} entries, each well formed and in order`);
  }

  // The root, pairing each level left to right and carrying an odd node up.
  let level = leaves;
  while (level.length > 1) {
    const up: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      up.push(i + 1 < level.length ? sha256(nodePrefix, level[i]!, level[i + 1]!) : level[i]!);
    }
    level = up;
  }
  const root = (level[0] ?? sha256()).toString('hex');
  if (root === document.root) lines.push(`✓ Merkle root recomputed: ${root}`);
  else
    fail(
      `Merkle root mismatch: the document says ${String(document.root)}, the entries give ${root}`,
    );

  // Totals, at publication and with the corrections.
  const totals = isRecord(document.totals) ? document.totals : {};
  const atPublication = votesList(totals.atPublication, 'totals.atPublication', problems);
  const published = sumsOf(entryVotes);
  const publicationProblems = compareTotals('totals at publication', atPublication, published);
  for (const problem of publicationProblems) fail(problem);
  if (publicationProblems.length === 0) {
    lines.push(`✓ totals at publication equal the entries' sums (${published.size} nominations)`);
  }
  const corrections = Array.isArray(document.corrections)
    ? (document.corrections as unknown[])
    : [];
  if (!Array.isArray(document.corrections)) fail('the document has no list of corrections');
  // The chain: each correction names the one before (the root for the first) and the root, and
  // its hash covers both; the head is the last hash. A correction changed, removed or added in
  // the middle breaks a link; one recomputed to hide it changes the head.
  const changes: Votes[][] = [];
  const chainProblems: string[] = [];
  const links: string[] = [];
  let link = String(document.root);
  for (const [index, correction] of corrections.entries()) {
    if (
      !isRecord(correction) ||
      !isHash(correction.previous) ||
      !isHash(correction.root) ||
      !isHash(correction.hash) ||
      !isHash(correction.receiptHash) ||
      !saltOk(correction.salt) ||
      !['refund', 'dispute', 'credit', 'hold'].includes(String(correction.reason)) ||
      typeof correction.at !== 'string' ||
      Number.isNaN(Date.parse(correction.at))
    ) {
      chainProblems.push(
        `correction ${index} is not {previous, root, receiptHash, ${ownSalts ? 'salt, ' : ''}changes, reason refund|dispute|credit|hold, at, hash}`,
      );
      continue;
    }
    const list = votesList(correction.changes, `correction ${index}`, problems);
    changes.push(list);
    if (correction.root !== document.root) {
      chainProblems.push(`correction ${index} corrects another root (${correction.root})`);
    }
    if (correction.previous !== link) {
      chainProblems.push(
        `chain broken at correction ${index}: it follows ${correction.previous}, the link before is ${link}`,
      );
    }
    const canonical = `{"previous":"${correction.previous}","root":"${correction.root}","receiptHash":"${correction.receiptHash}",${saltJson(correction.salt)}"changes":[${list
      .map((v) => `{"nominationId":${JSON.stringify(v.nominationId)},"votes":${v.votes}}`)
      .join(',')}],"reason":"${String(correction.reason)}","at":${JSON.stringify(correction.at)}}`;
    const hash = sha256(correctionPrefix, Buffer.from(canonical, 'utf8')).toString('hex');
    if (hash !== correction.hash) {
      chainProblems.push(
        `correction ${index} was changed: its hash says ${correction.hash}, its content gives ${hash}`,
      );
    }
    // The recomputed hash carries on, so one changed correction is not reported at every link.
    link = hash;
    links.push(hash);
  }
  for (const problem of chainProblems) fail(problem);
  if (document.head !== link) {
    fail(
      `chain head mismatch: the document says ${String(document.head)}, its corrections give ${link}`,
    );
  } else if (chainProblems.length === 0) {
    lines.push(`✓ corrections chain of ${corrections.length} link(s) recomputed, head ${link}`);
  }

  // What was noted earlier, or what the site shows now.
  if (expected.root !== undefined) {
    if (expected.root === document.root) lines.push('✓ the root is the one given (--root)');
    else fail(`the root is not the one given: --root ${expected.root}, the document ${root}`);
  }
  if (expected.head !== undefined) {
    const at = [String(document.root), ...links].indexOf(expected.head);
    if (at === links.length) lines.push('✓ the chain head is the one given (--head)');
    else if (at === -1) {
      fail(
        `the chain head is not the one given (--head ${expected.head}), and no link of the chain is: a correction up to it was changed or removed`,
      );
    } else {
      // Refused all the same: the head given vouches for nothing after it.
      fail(
        `the chain head is not the one given (--head): that head is an earlier link, and ${links.length - at} correction(s) were appended after it (from correction ${at}), which it does not vouch for`,
      );
    }
  }
  if (expected.site !== undefined) {
    // The site answers { ledger: { root, head, … } }, or { ledger: null } for results it
    // published without one.
    const answer = isRecord(expected.site) ? expected.site : {};
    const site = isRecord(answer.ledger) ? answer.ledger : null;
    if (!site) {
      fail('the site shows no ledger for its published results');
    } else if (site.root !== document.root || site.head !== document.head) {
      fail(
        `the site shows root ${String(site.root)} and head ${String(site.head)}, the document ${String(document.root)} and ${String(document.head)}`,
      );
    } else {
      lines.push('✓ the root and head equal the ones the site shows');
    }
  }
  const withCorrections = votesList(totals.withCorrections, 'totals.withCorrections', problems);
  const corrected = sumsOf([...entryVotes, ...changes]);
  const correctedProblems = compareTotals('totals with corrections', withCorrections, corrected);
  for (const problem of correctedProblems) fail(problem);
  if (correctedProblems.length === 0) {
    lines.push(
      `✓ totals with ${corrections.length} correction(s) equal the entries plus the changes`,
    );
  }

  if (results !== undefined) {
    const resultProblems: string[] = [];
    if (!isRecord(results) || results.published !== true || !Array.isArray(results.categories)) {
      resultProblems.push('the site does not show published results');
    } else {
      const shown = new Set<string>();
      for (const category of results.categories as unknown[]) {
        const nominees =
          isRecord(category) && Array.isArray(category.nominees) ? category.nominees : [];
        for (const nominee of nominees as unknown[]) {
          if (!isRecord(nominee) || typeof nominee.nominationId !== 'string') continue;
          shown.add(nominee.nominationId);
          const expected = corrected.get(nominee.nominationId) ?? 0;
          // The site shows the published count and the changes since apart; together they are now.
          const since =
            typeof nominee.changeSincePublication === 'number' ? nominee.changeSincePublication : 0;
          const shownNow = typeof nominee.voteCount === 'number' ? nominee.voteCount + since : NaN;
          if (shownNow !== expected) {
            resultProblems.push(
              `published results give ${String(shownNow)} votes to nomination ${nominee.nominationId}, the ledger ${expected}`,
            );
          }
        }
      }
      for (const [id, votes] of corrected) {
        // A nominee withdrawn from the results keeps its votes in the ledger: said, not refused.
        if (!shown.has(id) && votes !== 0)
          lines.push(
            `  note: nomination ${id} has ${votes} votes in the ledger but is not in the published results`,
          );
      }
      if (resultProblems.length === 0) {
        lines.push(
          `✓ the published results' ${shown.size} counts equal the ledger's totals with corrections`,
        );
      }
    }
    for (const problem of resultProblems) fail(problem);
  }

  return { ok: problems.length === 0, lines };
}

async function fetchJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new UnreadableLedger(`${url.href} did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text.slice(0, 200);
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the start of the text says enough.
    }
    throw new UnreadableLedger(`${url.href} answered ${response.status}: ${message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UnreadableLedger(`${url.href} did not answer JSON`);
  }
}

/**
 * Reads the ledger from a file or a URL and checks it, against `noted` (a root and head given on
 * the command line) and, with a URL, against the site's results, root and head.
 */
export async function verifyResults(
  source: string,
  noted: Pick<Expected, 'root' | 'head'> = {},
): Promise<Verdict> {
  if (/^https?:\/\//i.test(source)) {
    const url = new URL(source);
    if (url.pathname === '/' || url.pathname === '') url.pathname = LEDGER_PATH;
    // An edition other than the current one is named as the ledger's address names it.
    const edition = url.searchParams.get('edition');
    const sameEdition = (path: string) => {
      const sibling = new URL(path, url.origin);
      if (edition !== null) sibling.searchParams.set('edition', edition);
      return sibling;
    };
    const document = await fetchJson(url);
    const results = await fetchJson(sameEdition(RESULTS_PATH));
    const site = await fetchJson(sameEdition(HEAD_PATH));
    return verifyLedger(document, { ...noted, results, site });
  }
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    throw new UnreadableLedger(`cannot read ${source}: ${(error as Error).message}`);
  }
  try {
    return verifyLedger(JSON.parse(text) as unknown, noted);
  } catch (error) {
    if (error instanceof SyntaxError) throw new UnreadableLedger(`${source} is not JSON`);
    throw error;
  }
}

const USAGE =
  'Usage: npm run verify-results -- <ledger.json | https://site/api/results/ledger> [--root <64 hex>] [--head <64 hex>]';

/** The source and the --root and --head options, or null when they do not read right. */
function parseArguments(args: string[]): { source: string; noted: Expected } | null {
  let source: string | undefined;
  const noted: Expected = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--root' || arg === '--head') {
      const value = args[++i]?.toLowerCase();
      if (!isHash(value)) return null;
      noted[arg === '--root' ? 'root' : 'head'] = value;
    } else if (source === undefined && !arg.startsWith('--')) source = arg;
    else return null;
  }
  return source === undefined ? null : { source, noted };
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  try {
    const verdict = await verifyResults(parsed.source, parsed.noted);
    for (const line of verdict.lines) console.log(line);
    console.log(
      verdict.ok
        ? 'VERIFIED: the ledger is consistent with its root and its totals.'
        : 'NOT VERIFIED: the ledger does not match (see the lines marked ✗).',
    );
    return verdict.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UnreadableLedger)) throw error;
    console.error(`Cannot verify: ${error.message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
