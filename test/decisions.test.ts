import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The ADRs in docs/decisions keep their upkeep: each has a Status line, the index
 * (docs/decisions/README.md) lists exactly the ADRs there are, with their titles and by which ADR
 * each is superseded, and every "supersedes" is said on both sides. The forms are those the
 * index's "Writing one" section gives.
 */

const DECISIONS = new URL('../docs/decisions/', import.meta.url);
const ADR_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
const STATE = /^Status: (?:accepted|superseded by (\d{4})) \(\d{4}-\d{2}-\d{2}\)/;

interface Relation {
  other: string;
  inPart: boolean;
}

interface Decision {
  number: string;
  file: string;
  title: string | undefined;
  /** The Status paragraph on one line, or undefined when the ADR has none. */
  status: string | undefined;
  supersededBy: Relation[];
  supersedes: Relation[];
}

const relations = (status: string, pattern: RegExp): Relation[] =>
  [...status.matchAll(pattern)].map((match) => ({
    other: match[2] ?? '',
    inPart: match[1] !== undefined,
  }));

function readDecision(file: string, text: string): Decision {
  const number = file.slice(0, 4);
  const title = new RegExp(`^# ${number}: (.+)$`).exec(text.split('\n', 1)[0] ?? '')?.[1];
  // The first paragraph after the title, joined into one line.
  const firstParagraph = text.split(/\n\s*\n/)[1]?.replace(/\s*\n\s*/g, ' ');
  const status = firstParagraph?.startsWith('Status: ') ? firstParagraph : undefined;
  return {
    number,
    file,
    title,
    status,
    supersededBy: status ? relations(status, /superseded (in part )?by (\d{4})/g) : [],
    supersedes: status ? relations(status, /supersedes (in part )?(\d{4})/g) : [],
  };
}

interface IndexRow {
  number: string;
  file: string;
  title: string;
  status: string;
}

/** The index's table rows: `| [NNNN](file) | title | status |`. */
function readIndex(text: string): IndexRow[] {
  return text.split('\n').flatMap((line) => {
    const row = /^\| \[(\d{4})\]\(([^)]+)\) +\| (.+?) +\| (.+?) +\|$/.exec(line);
    if (!row) return [];
    const [, number = '', file = '', title = '', status = ''] = row;
    return [{ number, file, title: title.replace(/\\\|/g, '|'), status }];
  });
}

const describeRelation = (inPart: boolean) => (inPart ? 'in part ' : '');

/** Everything wrong with these ADR files (name → text) and this index, as sentences. */
function decisionProblems(files: ReadonlyMap<string, string>, index: string): string[] {
  const problems: string[] = [];
  const decisions = new Map<string, Decision>();
  for (const [file, text] of files) {
    if (!ADR_FILE.test(file)) continue;
    const decision = readDecision(file, text);
    if (decisions.has(decision.number))
      problems.push(`${file}: number ${decision.number} is used twice`);
    decisions.set(decision.number, decision);
  }

  for (const decision of decisions.values()) {
    const { file, status } = decision;
    if (decision.title === undefined)
      problems.push(`${file}: the first line is not "# ${decision.number}: <title>"`);
    if (status === undefined) {
      problems.push(`${file}: no Status line under the title`);
      continue;
    }
    const state = STATE.exec(status);
    if (!state) {
      problems.push(
        `${file}: the Status line does not start "Status: accepted (YYYY-MM-DD)" or "Status: superseded by NNNN (YYYY-MM-DD)"`,
      );
    }
    for (const { other, inPart } of decision.supersededBy) {
      const newer = decisions.get(other);
      if (!newer) {
        problems.push(
          `${file}: superseded ${describeRelation(inPart)}by ${other}, which does not exist`,
        );
      } else if (
        !newer.supersedes.some((r) => r.other === decision.number && r.inPart === inPart)
      ) {
        problems.push(
          `${file}: superseded ${describeRelation(inPart)}by ${other}, whose Status line does not say "supersedes ${describeRelation(inPart)}${decision.number}"`,
        );
      }
    }
    for (const { other, inPart } of decision.supersedes) {
      const older = decisions.get(other);
      if (!older) {
        problems.push(
          `${file}: supersedes ${describeRelation(inPart)}${other}, which does not exist`,
        );
      } else if (
        !older.supersededBy.some((r) => r.other === decision.number && r.inPart === inPart)
      ) {
        problems.push(
          `${file}: supersedes ${describeRelation(inPart)}${other}, whose Status line does not say "superseded ${describeRelation(inPart)}by ${decision.number}"`,
        );
      }
    }
  }

  const rows = readIndex(index);
  const listed = new Set<string>();
  for (const row of rows) {
    const decision = decisions.get(row.number);
    if (listed.has(row.number)) problems.push(`index: ${row.number} is listed twice`);
    listed.add(row.number);
    if (!decision) {
      problems.push(`index: lists ${row.number}, which does not exist`);
      continue;
    }
    if (row.file !== decision.file)
      problems.push(`index: ${row.number} links to ${row.file}, not ${decision.file}`);
    if (decision.title !== undefined && row.title !== decision.title)
      problems.push(`index: ${row.number}'s title is not the ADR's ("${decision.title}")`);
    const state = decision.status && STATE.exec(decision.status);
    if (!state) continue;
    const stateWord = state[1] === undefined ? 'accepted' : 'superseded';
    if (!row.status.startsWith(stateWord))
      problems.push(`index: ${row.number}'s status does not start "${stateWord}"`);
    const linkedRelations = relations(
      row.status,
      /superseded (in part )?by \[(\d{4})\]\(\d{4}-[a-z0-9-]+\.md\)/g,
    );
    const said = (list: Relation[]) =>
      list.map((r) => `superseded ${describeRelation(r.inPart)}by ${r.other}`).sort();
    if (JSON.stringify(said(linkedRelations)) !== JSON.stringify(said(decision.supersededBy)))
      problems.push(
        `index: ${row.number}'s status should name, each linked to its ADR, ${JSON.stringify(said(decision.supersededBy))}`,
      );
  }
  for (const number of decisions.keys())
    if (!listed.has(number)) problems.push(`index: ${number} is not listed`);
  return problems;
}

const readFolder = () =>
  new Map(
    readdirSync(DECISIONS)
      .filter((file) => file.endsWith('.md'))
      .map((file) => [file, readFileSync(new URL(file, DECISIONS), 'utf8')]),
  );

describe('docs/decisions', () => {
  it('has a template and an index that links it', () => {
    const folder = readFolder();
    expect(folder.has('template.md')).toBe(true);
    expect(folder.get('README.md')).toContain('](template.md)');
  });

  it('keeps every ADR with a Status line, listed in the index, superseded both ways', () => {
    const folder = readFolder();
    expect(decisionProblems(folder, folder.get('README.md') ?? '')).toEqual([]);
  });
});

describe('decisionProblems', () => {
  const adr = (number: string, title: string, status?: string) =>
    status === undefined
      ? `# ${number}: ${title}\n\n## Context\n\nWhy.\n`
      : `# ${number}: ${title}\n\n${status}\n\n## Context\n\nWhy.\n`;
  const row = (number: string, file: string, title: string, status: string) =>
    `| [${number}](${file}) | ${title} | ${status} |`;
  const index = (...rows: string[]) =>
    ['| ADR | Title | Status |', '| --- | --- | --- |', ...rows].join('\n');
  const files = (...entries: [string, string][]) => new Map(entries);

  const older: [string, string] = [
    '0001-older.md',
    adr('0001', 'Older', 'Status: accepted (2026-11-22)'),
  ];
  const olderRow = row('0001', '0001-older.md', 'Older', 'accepted');

  it('finds nothing wrong with a consistent folder', () => {
    expect(
      decisionProblems(
        files(
          [
            '0001-older.md',
            adr(
              '0001',
              'Older',
              'Status: accepted (2026-11-22); superseded in part by 0002 (the\nlock)',
            ),
          ],
          ['0003-gone.md', adr('0003', 'Gone', 'Status: superseded by 0002 (2026-11-24)')],
          [
            '0002-newer.md',
            adr(
              '0002',
              'Newer',
              'Status: accepted (2026-11-23); supersedes in part 0001 (the lock); supersedes 0003',
            ),
          ],
        ),
        index(
          row(
            '0001',
            '0001-older.md',
            'Older',
            'accepted; superseded in part by [0002](0002-newer.md) (the lock)',
          ),
          row('0002', '0002-newer.md', 'Newer', 'accepted'),
          row('0003', '0003-gone.md', 'Gone', 'superseded by [0002](0002-newer.md)'),
        ),
      ),
    ).toEqual([]);
  });

  it('finds an ADR without a Status line', () => {
    expect(
      decisionProblems(files(['0001-older.md', adr('0001', 'Older')]), index(olderRow)),
    ).toEqual(['0001-older.md: no Status line under the title']);
  });

  it('finds an ADR the index misses, and an index line for an ADR that does not exist', () => {
    expect(decisionProblems(files(older), index())).toEqual(['index: 0001 is not listed']);
    expect(
      decisionProblems(
        files(older),
        index(olderRow, row('0002', '0002-newer.md', 'Newer', 'accepted')),
      ),
    ).toEqual(['index: lists 0002, which does not exist']);
  });

  it('finds a "superseded by" that points to a missing ADR', () => {
    const status = 'Status: accepted (2026-11-22); superseded in part by 0002 (the lock)';
    expect(
      decisionProblems(
        files(['0001-older.md', adr('0001', 'Older', status)]),
        index(
          row(
            '0001',
            '0001-older.md',
            'Older',
            'accepted; superseded in part by [0002](0002-newer.md) (the lock)',
          ),
        ),
      ),
    ).toEqual(['0001-older.md: superseded in part by 0002, which does not exist']);
  });

  it('finds a supersession said on one side only, in the ADRs or in the index', () => {
    expect(
      decisionProblems(
        files(older, [
          '0002-newer.md',
          adr('0002', 'Newer', 'Status: accepted (2026-11-23); supersedes 0001'),
        ]),
        index(olderRow, row('0002', '0002-newer.md', 'Newer', 'accepted')),
      ),
    ).toEqual([
      '0002-newer.md: supersedes 0001, whose Status line does not say "superseded by 0002"',
    ]);
    expect(
      decisionProblems(
        files(
          ['0001-older.md', adr('0001', 'Older', 'Status: superseded by 0002 (2026-11-23)')],
          ['0002-newer.md', adr('0002', 'Newer', 'Status: accepted (2026-11-23); supersedes 0001')],
        ),
        index(
          row('0001', '0001-older.md', 'Older', 'superseded'),
          row('0002', '0002-newer.md', 'Newer', 'accepted'),
        ),
      ),
    ).toEqual([
      'index: 0001\'s status should name, each linked to its ADR, ["superseded by 0002"]',
    ]);
  });

  it('finds a Status line in another form', () => {
    expect(
      decisionProblems(
        files(['0001-older.md', adr('0001', 'Older', 'Status: Accepted')]),
        index(row('0001', '0001-older.md', 'Older', 'accepted')),
      ),
    ).toEqual([
      '0001-older.md: the Status line does not start "Status: accepted (YYYY-MM-DD)" or "Status: superseded by NNNN (YYYY-MM-DD)"',
    ]);
  });
});
