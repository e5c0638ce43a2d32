import { z } from 'zod';
import { receiptCodeSchema } from './receipt.js';

/**
 * The published ledger of the results (docs/decisions/0058-published-ledger.md): every credited
 * payment as a salted hash of its receipt code and the votes it counts, the Merkle root over them,
 * the totals, and the corrections refunds and disputes added after publication. The rules that
 * make it checkable travel inside it as `format`, so a reader needs nothing else.
 */

/** Lower-case hex of a SHA-256 digest. */
export const sha256HexSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');

/** A receipt's own salt in a ledger: 16 bytes as lower-case hex. */
export const entrySaltSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex digits');

/** Votes of one nomination: a count in an entry or a total, a change in a correction. */
export const nominationVotesSchema = z.object({
  nominationId: z.string(),
  votes: z.number().int(),
});
export type NominationVotes = z.infer<typeof nominationVotesSchema>;

export const ledgerEntrySchema = z.object({
  receiptHash: sha256HexSchema,
  /** The receipt's own salt; absent in a ledger of one public salt (`salt` in the document). */
  salt: entrySaltSchema.optional(),
  /** By nominationId. */
  votes: z.array(nominationVotesSchema),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * Why counted votes changed after publication: money refunded, a dispute, a late credit (or a
 * held payment counted again), or a payment the organiser held back for review.
 */
export const LEDGER_CORRECTION_REASONS = ['refund', 'dispute', 'credit', 'hold'] as const;
export type LedgerCorrectionReason = (typeof LEDGER_CORRECTION_REASONS)[number];

/**
 * One link of the corrections chain: it names the link before (the root for the first) and the
 * root it corrects, so a correction changed, removed or slipped in changes every hash after it.
 */
export const ledgerCorrectionSchema = z.object({
  previous: sha256HexSchema,
  root: sha256HexSchema,
  receiptHash: sha256HexSchema,
  /** As in the receipt's entry; absent in a ledger of one public salt. */
  salt: entrySaltSchema.optional(),
  /** The change per nomination, by nominationId: negative when votes leave the tallies. */
  changes: z.array(nominationVotesSchema),
  reason: z.enum(LEDGER_CORRECTION_REASONS),
  at: z.string(),
  hash: sha256HexSchema,
});
export type LedgerCorrection = z.infer<typeof ledgerCorrectionSchema>;

/**
 * How a receipt code becomes its receiptHash: scrypt with the receipt's own salt and the
 * parameters stated here (a browser and the verify script recompute it from them), or, in a ledger
 * published before that, one SHA-256 of the ledger's public salt and the code.
 */
export const receiptHashRuleSchema = z.discriminatedUnion('function', [
  z.object({
    function: z.literal('scrypt'),
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    dkLen: z.number().int(),
  }),
  z.object({ function: z.literal('sha256') }),
]);
export type ReceiptHashRule = z.infer<typeof receiptHashRuleSchema>;

/** The rules, as data a verifier reads (prefixes, version) and as sentences a person reads. */
export const ledgerFormatSchema = z.object({
  version: z.literal('palmares-ledger/2'),
  /** The hash of the tree and the chain. */
  hash: z.literal('sha256'),
  receiptHash: receiptHashRuleSchema,
  /** Hex of the byte put before a leaf's canonical JSON. */
  leafPrefix: z.string(),
  /** Hex of the byte put before two child hashes. */
  nodePrefix: z.string(),
  /** Hex of the byte put before a correction's canonical JSON. */
  correctionPrefix: z.string(),
  rules: z.array(z.string()),
});
export type LedgerFormat = z.infer<typeof ledgerFormatSchema>;

/** GET /api/results/ledger. Entries come last: a reader streaming it meets the header first. */
export const ledgerDocumentSchema = z.object({
  format: ledgerFormatSchema,
  publishedAt: z.string(),
  /** The one public salt of a ledger published before receipts had their own. */
  salt: sha256HexSchema.optional(),
  root: sha256HexSchema,
  /** The last correction's hash, the root while there is none. */
  head: sha256HexSchema,
  entryCount: z.number().int(),
  totals: z.object({
    /** Per nomination, the sum of the entries' votes: the results as published. */
    atPublication: z.array(nominationVotesSchema),
    /** The same plus every correction's changes: the results as they stand. */
    withCorrections: z.array(nominationVotesSchema),
  }),
  corrections: z.array(ledgerCorrectionSchema),
  entries: z.array(ledgerEntrySchema),
});
export type LedgerDocument = z.infer<typeof ledgerDocumentSchema>;

export const ledgerEntryParamsSchema = z.object({ receiptCode: receiptCodeSchema });

export const PROOF_SIDES = ['left', 'right'] as const;

/** One step up the tree: the sibling's hash and which side of the running hash it goes. */
export const proofStepSchema = z.object({
  side: z.enum(PROOF_SIDES),
  hash: sha256HexSchema,
});
export type ProofStep = z.infer<typeof proofStepSchema>;

/** GET /api/results/ledger/entries/{receiptCode}: what a voter needs to check their vote. */
export const ledgerEntryProofSchema = z.object({
  format: ledgerFormatSchema,
  publishedAt: z.string(),
  salt: sha256HexSchema.optional(),
  root: sha256HexSchema,
  head: sha256HexSchema,
  /** Corrections in the whole chain, this receipt's or not. */
  correctionCount: z.number().int(),
  entryCount: z.number().int(),
  /**
   * Null, with `entry` and an empty proof, for a payment credited after publication: it has no
   * entry under the root, only its corrections.
   */
  leafIndex: z.number().int().nullable(),
  entry: ledgerEntrySchema.nullable(),
  /** From the leaf up; a level where the running hash has no sibling adds no step. */
  proof: z.array(proofStepSchema),
  corrections: z.array(ledgerCorrectionSchema),
});
export type LedgerEntryProof = z.infer<typeof ledgerEntryProofSchema>;

/** What the site publishes beside the results to compare with: the root and the chain's head. */
export const ledgerHeadSchema = z.object({
  publishedAt: z.string(),
  root: sha256HexSchema,
  head: sha256HexSchema,
  correctionCount: z.number().int(),
});
export type LedgerHead = z.infer<typeof ledgerHeadSchema>;

/**
 * GET /api/results/ledger/head, once the results are published: null for results published
 * without a ledger (before ledgers existed), which the page then offers nothing to check against.
 */
export const ledgerHeadAnswerSchema = z.object({ ledger: ledgerHeadSchema.nullable() });
export type LedgerHeadAnswer = z.infer<typeof ledgerHeadAnswerSchema>;
