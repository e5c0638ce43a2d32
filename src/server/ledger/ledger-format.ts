import { createHash, createHmac, scrypt } from 'node:crypto';
import type {
  LedgerCorrection,
  LedgerEntry,
  LedgerFormat,
  ReceiptHashRule,
} from '#shared/schemas/ledger.js';

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const CORRECTION_PREFIX = 0x02;

/**
 * scrypt's cost for one receipt: 1 MiB of memory and about 4 ms of one core here, paid once per
 * entry at publication; a phone pays it once per check. Each entry has its own salt, so a guessed
 * code is tried against one entry at a time. ADR 0058 gives the figures on both sides.
 */
export const RECEIPT_SCRYPT = { function: 'scrypt', N: 1024, r: 8, p: 1, dkLen: 32 } as const;
const hex = (byte: number) => byte.toString(16).padStart(2, '0');

const COMMON_RULES = ['Hashes are SHA-256, written as 64 lower-case hex digits.'];
const TREE_RULES = [
  "Entries are sorted by receiptHash; an entry's leaf index is its place in that order, from 0.",
  'leaf = sha256(leafPrefix byte 0x00 followed by the canonical JSON of the entry).',
  'node = sha256(nodePrefix byte 0x01 followed by the 32 bytes of the left child and the 32 bytes of the right child).',
  'Each level pairs nodes 0 and 1, 2 and 3, …; a last node without a pair is carried up unchanged. The root is the one node left; with no entry it is sha256 of no bytes.',
  'A proof lists, from the leaf up, each sibling hash and its side (left: sibling ‖ running hash; right: running hash ‖ sibling); a level where the running hash is carried up adds no step.',
  'totals.atPublication: per nomination named in an entry, the sum of its votes over the entries, sorted by nominationId.',
  'A correction records a change of counted votes after publication: the receiptHash (and salt, when entries have their own), the change of votes per nomination (negative when votes leave), the reason (refund, dispute, credit: a payment completed or credited after review once results were out, or hold: a payment the organiser held back for review) and when. Entries are never edited.',
  'Corrections form a chain in the order listed: each names the hash of the one before as previous (the root for the first) and the root it corrects. Canonical JSON of a correction: {"previous":"…","root":"…","receiptHash":"…","salt":"…","changes":[{"nominationId":"…","votes":n},…],"reason":"…","at":"…"}, "salt" only when the correction has one, keys in that order, no spaces, UTF-8.',
  "hash of a correction = sha256(correctionPrefix byte 0x02 followed by its canonical JSON). head = the last correction's hash, or the root when there is none: whoever noted a head can check that a later ledger still holds it, so nothing before it was changed, removed or added.",
  'totals.withCorrections: per nomination in totals.atPublication or in a correction, that total plus every change, sorted by nominationId, zeros kept.',
];

/**
 * The rules a ledger is built by, published inside every ledger document. Anyone reimplements
 * the check from these sentences alone (scripts/verify-results.ts does, sharing no code with this
 * module); ADR 0058 says why each rule is what it is. A ledger published before receipts had their
 * own salts keeps its rule for receiptHash.
 */
export function ledgerFormat(receiptHash: ReceiptHashRule): LedgerFormat {
  const receiptRules =
    receiptHash.function === 'scrypt'
      ? [
          `receiptHash = scrypt(password: UTF-8 bytes of the receipt code in capitals, salt: UTF-8 bytes of the entry's salt as its 32 hex digits, N=${receiptHash.N}, r=${receiptHash.r}, p=${receiptHash.p}, dkLen=${receiptHash.dkLen}), as hex. Each entry has its own salt.`,
          'An entry is one credited payment: its receiptHash, its salt and the votes it counts per nomination at publication, [{nominationId, votes}] sorted by nominationId, each votes > 0.',
          'Canonical JSON of an entry: {"receiptHash":"…","salt":"…","votes":[{"nominationId":"…","votes":n},…]}: keys in that order, no spaces, UTF-8.',
        ]
      : [
          'receiptHash = sha256(UTF-8 bytes of salt + receiptCode): the salt as the 64 hex digits published, immediately followed by the receipt code in capitals.',
          'An entry is one credited payment: its receiptHash and the votes it counts per nomination at publication, [{nominationId, votes}] sorted by nominationId, each votes > 0.',
          'Canonical JSON of an entry: {"receiptHash":"…","votes":[{"nominationId":"…","votes":n},…]}: keys in that order, no spaces, UTF-8.',
        ];
  return {
    version: 'palmares-ledger/2',
    hash: 'sha256',
    receiptHash,
    leafPrefix: hex(LEAF_PREFIX),
    nodePrefix: hex(NODE_PREFIX),
    correctionPrefix: hex(CORRECTION_PREFIX),
    rules: [...COMMON_RULES, ...receiptRules, ...TREE_RULES],
  };
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** How a ledger salts its receipts: one public salt, or a private key each receipt's salt comes from. */
export type LedgerSalting = { salt: string; saltKey: null } | { salt: null; saltKey: string };

/**
 * A receipt's salt, derived from the ledger's private key and the code so that the server finds
 * the entry again from the code alone, while the salts it publishes are unrelated to each other.
 */
export const entrySaltOf = (saltKey: string, receiptCode: string) =>
  createHmac('sha256', Buffer.from(saltKey, 'hex'))
    .update(receiptCode.toUpperCase(), 'utf8')
    .digest('hex')
    .slice(0, 32);

/** scrypt runs on libuv's thread pool: the event loop stays free while a ledger is salted. */
const scryptHex = (password: string, salt: string) =>
  new Promise<string>((resolve, reject) => {
    const { N, r, p, dkLen } = RECEIPT_SCRYPT;
    scrypt(password, salt, dkLen, { N, r, p }, (error, key) =>
      error ? reject(error) : resolve(key.toString('hex')),
    );
  });

/** A receipt's hash in a ledger, with its own salt when the ledger gives each receipt one. */
export async function receiptHashOf(
  ledger: LedgerSalting,
  receiptCode: string,
): Promise<{ receiptHash: string; salt?: string }> {
  const code = receiptCode.toUpperCase();
  if (ledger.saltKey === null) {
    return { receiptHash: sha256Hex(Buffer.from(ledger.salt + code, 'utf8')) };
  }
  const salt = entrySaltOf(ledger.saltKey, code);
  return { receiptHash: await scryptHex(code, salt), salt };
}

const votesJson = (votes: LedgerEntry['votes']) =>
  votes
    .map((v) => `{"nominationId":${JSON.stringify(v.nominationId)},"votes":${v.votes}}`)
    .join(',');
const saltJson = (salt: string | undefined) =>
  salt === undefined ? '' : `"salt":${JSON.stringify(salt)},`;

/** Keys written in a fixed order, whatever order the object was built or stored in. */
export function canonicalEntryJson(entry: LedgerEntry): string {
  return `{"receiptHash":${JSON.stringify(entry.receiptHash)},${saltJson(entry.salt)}"votes":[${votesJson(entry.votes)}]}`;
}

/** What a correction's hash covers: everything in it but that hash. */
export function canonicalCorrectionJson(correction: Omit<LedgerCorrection, 'hash'>): string {
  const { previous, root, receiptHash, salt, changes, reason, at } = correction;
  return `{"previous":${JSON.stringify(previous)},"root":${JSON.stringify(root)},"receiptHash":${JSON.stringify(receiptHash)},${saltJson(salt)}"changes":[${votesJson(changes)}],"reason":${JSON.stringify(reason)},"at":${JSON.stringify(at)}}`;
}

export const correctionHash = (correction: Omit<LedgerCorrection, 'hash'>) =>
  sha256Hex(
    Buffer.concat([
      Buffer.of(CORRECTION_PREFIX),
      Buffer.from(canonicalCorrectionJson(correction), 'utf8'),
    ]),
  );

export const leafHash = (entry: LedgerEntry) =>
  sha256Hex(
    Buffer.concat([Buffer.of(LEAF_PREFIX), Buffer.from(canonicalEntryJson(entry), 'utf8')]),
  );

export const nodeHash = (left: string, right: string) =>
  sha256Hex(
    Buffer.concat([Buffer.of(NODE_PREFIX), Buffer.from(left, 'hex'), Buffer.from(right, 'hex')]),
  );
