import type { LedgerEntry, LedgerEntryProof } from '#shared/schemas/ledger';

/**
 * The voter's own check of their entry, in the browser: that the entry is theirs (its hash is
 * their code's, with the entry's salt and the format's rule) and that its proof path leads to the
 * published root. Written from the ledger's format rules, apart from the server's code.
 */
export interface ProofCheck {
  /** The format's receipt hash of the code and the salt is the entry's receiptHash. */
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

/** The entry's canonical JSON, keys in the order the format fixes, its salt when it has one. */
function canonical(entry: LedgerEntry): string {
  const votes = entry.votes
    .map((v) => `{"nominationId":${JSON.stringify(v.nominationId)},"votes":${v.votes}}`)
    .join(',');
  const salt = entry.salt === undefined ? '' : `"salt":${JSON.stringify(entry.salt)},`;
  return `{"receiptHash":${JSON.stringify(entry.receiptHash)},${salt}"votes":[${votes}]}`;
}

/**
 * The code's hash as the format says: scrypt with the entry's own salt, loaded only now, when a
 * voter checks (the results page never carries it); or, in a ledger of one public salt, SHA-256.
 */
async function receiptHashOf(answer: ProvenEntry, code: string): Promise<string | null> {
  const rule = answer.format.receiptHash;
  if (rule.function === 'sha256') {
    return answer.salt === undefined
      ? null
      : toHex(await sha256(encoder.encode(answer.salt + code)));
  }
  if (answer.entry.salt === undefined) return null;
  const { scryptAsync } = await import('@noble/hashes/scrypt.js');
  const { N, r, p, dkLen } = rule;
  return toHex(
    await scryptAsync(encoder.encode(code), encoder.encode(answer.entry.salt), { N, r, p, dkLen }),
  );
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
  const ownHash = await receiptHashOf(answer, receiptCode.toUpperCase());
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
