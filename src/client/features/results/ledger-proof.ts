import type { LedgerEntry, LedgerEntryProof } from '#shared/schemas/ledger';

/**
 * The voter's own check of their entry, in the browser with WebCrypto: that the entry is theirs
 * (its hash is the salt and their code's) and that its proof path leads to the published root.
 * Written from the ledger's format rules, apart from the server's code.
 */
export interface ProofCheck {
  /** sha256(salt + code) is the entry's receiptHash. */
  ownsEntry: boolean;
  /** The proof path from the entry's leaf ends at the published root. */
  inRoot: boolean;
}

const encoder = new TextEncoder();

const fromHex = (hex: string) =>
  Uint8Array.from(hex.match(/[0-9a-f]{2}/g) ?? [], (pair) => Number.parseInt(pair, 16));
const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

/** The entry's canonical JSON, keys in the order the format fixes. */
function canonical(entry: LedgerEntry): string {
  const votes = entry.votes
    .map((v) => `{"nominationId":${JSON.stringify(v.nominationId)},"votes":${v.votes}}`)
    .join(',');
  return `{"receiptHash":${JSON.stringify(entry.receiptHash)},"votes":[${votes}]}`;
}

/** An answer with an entry under the root (not a payment credited after publication). */
export type ProvenEntry = LedgerEntryProof & { entry: LedgerEntry; leafIndex: number };
export const isProvenEntry = (answer: LedgerEntryProof): answer is ProvenEntry =>
  answer.entry !== null && answer.leafIndex !== null;

/** False when the browser offers no WebCrypto (a page served over plain HTTP): nothing to check with. */
export const canCheckProofs = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

export async function checkEntryProof(
  answer: ProvenEntry,
  receiptCode: string,
): Promise<ProofCheck> {
  const { format } = answer;
  const ownHash = toHex(await sha256(encoder.encode(answer.salt + receiptCode.toUpperCase())));
  let running = await sha256(fromHex(format.leafPrefix), encoder.encode(canonical(answer.entry)));
  for (const step of answer.proof) {
    const sibling = fromHex(step.hash);
    running =
      step.side === 'left'
        ? await sha256(fromHex(format.nodePrefix), sibling, running)
        : await sha256(fromHex(format.nodePrefix), running, sibling);
  }
  return {
    ownsEntry: ownHash === answer.entry.receiptHash,
    inRoot: toHex(running) === answer.root,
  };
}
