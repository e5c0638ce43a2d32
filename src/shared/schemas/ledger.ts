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

/** Votes of one nomination: a count in an entry or a total, a change in a correction. */
export const nominationVotesSchema = z.object({
  nominationId: z.string(),
  votes: z.number().int(),
});
export type NominationVotes = z.infer<typeof nominationVotesSchema>;

export const ledgerEntrySchema = z.object({
  receiptHash: sha256HexSchema,
  /** By nominationId. */
  votes: z.array(nominationVotesSchema),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** Why counted votes changed after publication: money refunded, a dispute, or a late credit. */
export const LEDGER_CORRECTION_REASONS = ['refund', 'dispute', 'credit'] as const;
export type LedgerCorrectionReason = (typeof LEDGER_CORRECTION_REASONS)[number];

export const ledgerCorrectionSchema = z.object({
  receiptHash: sha256HexSchema,
  /** The change per nomination, by nominationId: negative when votes leave the tallies. */
  changes: z.array(nominationVotesSchema),
  reason: z.enum(LEDGER_CORRECTION_REASONS),
  at: z.string(),
});
export type LedgerCorrection = z.infer<typeof ledgerCorrectionSchema>;

/** The rules, as data a verifier reads (prefixes, version) and as sentences a person reads. */
export const ledgerFormatSchema = z.object({
  version: z.literal('palmares-ledger/1'),
  hash: z.literal('sha256'),
  /** Hex of the byte put before a leaf's canonical JSON. */
  leafPrefix: z.string(),
  /** Hex of the byte put before two child hashes. */
  nodePrefix: z.string(),
  rules: z.array(z.string()),
});
export type LedgerFormat = z.infer<typeof ledgerFormatSchema>;

/** GET /api/results/ledger. Entries come last: a reader streaming it meets the header first. */
export const ledgerDocumentSchema = z.object({
  format: ledgerFormatSchema,
  publishedAt: z.string(),
  salt: sha256HexSchema,
  root: sha256HexSchema,
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
  salt: sha256HexSchema,
  root: sha256HexSchema,
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
