import { createHash } from 'node:crypto';
import type { LedgerEntry, LedgerFormat } from '#shared/schemas/ledger.js';

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/**
 * The rules a ledger is built by, published inside every ledger document. Anyone reimplements
 * the check from these sentences alone (scripts/verify-results.ts does, sharing no code with this
 * module); ADR 0058 says why each rule is what it is.
 */
export const LEDGER_FORMAT: LedgerFormat = {
  version: 'palmares-ledger/1',
  hash: 'sha256',
  leafPrefix: hex(LEAF_PREFIX),
  nodePrefix: hex(NODE_PREFIX),
  rules: [
    'Hashes are SHA-256, written as 64 lower-case hex digits.',
    'receiptHash = sha256(UTF-8 bytes of salt + receiptCode): the salt as the 64 hex digits published, immediately followed by the receipt code in capitals.',
    'An entry is one credited payment: its receiptHash and the votes it counts per nomination at publication, [{nominationId, votes}] sorted by nominationId, each votes > 0.',
    'Canonical JSON of an entry: {"receiptHash":"…","votes":[{"nominationId":"…","votes":n},…]}: keys in that order, no spaces, UTF-8.',
    "Entries are sorted by receiptHash; an entry's leaf index is its place in that order, from 0.",
    'leaf = sha256(leafPrefix byte 0x00 followed by the canonical JSON of the entry).',
    'node = sha256(nodePrefix byte 0x01 followed by the 32 bytes of the left child and the 32 bytes of the right child).',
    'Each level pairs nodes 0 and 1, 2 and 3, …; a last node without a pair is carried up unchanged. The root is the one node left; with no entry it is sha256 of no bytes.',
    'A proof lists, from the leaf up, each sibling hash and its side (left: sibling ‖ running hash; right: running hash ‖ sibling); a level where the running hash is carried up adds no step.',
    'totals.atPublication: per nomination named in an entry, the sum of its votes over the entries, sorted by nominationId.',
    'A correction records a change of counted votes after publication: the receiptHash, the change of votes per nomination (negative when votes leave), the reason (refund, dispute, or credit: a payment completed or credited after review once results were out) and when. Entries are never edited.',
    'totals.withCorrections: per nomination in totals.atPublication or in a correction, that total plus every change, sorted by nominationId, zeros kept.',
  ],
};

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export const receiptHashOf = (salt: string, receiptCode: string) =>
  sha256Hex(Buffer.from(salt + receiptCode.toUpperCase(), 'utf8'));

/** Keys written in a fixed order, whatever order the object was built or stored in. */
export function canonicalEntryJson(entry: LedgerEntry): string {
  const votes = entry.votes
    .map((v) => `{"nominationId":${JSON.stringify(v.nominationId)},"votes":${v.votes}}`)
    .join(',');
  return `{"receiptHash":${JSON.stringify(entry.receiptHash)},"votes":[${votes}]}`;
}

export const leafHash = (entry: LedgerEntry) =>
  sha256Hex(
    Buffer.concat([Buffer.of(LEAF_PREFIX), Buffer.from(canonicalEntryJson(entry), 'utf8')]),
  );

export const nodeHash = (left: string, right: string) =>
  sha256Hex(
    Buffer.concat([Buffer.of(NODE_PREFIX), Buffer.from(left, 'hex'), Buffer.from(right, 'hex')]),
  );
