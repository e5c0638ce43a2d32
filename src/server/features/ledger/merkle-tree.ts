import type { ProofStep } from '#shared/schemas/ledger.js';
import { nodeHash, sha256Hex } from '#server/ledger/ledger-format.js';

/** The root of an empty ledger: a fixed value rather than a special case for every reader. */
export const EMPTY_ROOT = sha256Hex(Buffer.alloc(0));

/**
 * Every level of the tree over `leaves`, the leaves first and the root's level last. A node
 * without a pair is carried up as it is, so the upper levels hold it again at its new place.
 */
export function treeLevels(leaves: readonly string[]): string[][] {
  const levels: string[][] = [[...leaves]];
  let level = levels[0]!;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? nodeHash(level[i]!, level[i + 1]!) : level[i]!);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

export const rootOf = (levels: readonly string[][]) => levels.at(-1)?.[0] ?? EMPTY_ROOT;

/** Where a proof's siblings are, by level and place, from the shape of a tree of `count` leaves. */
export function proofPlaces(
  count: number,
  leafIndex: number,
): { level: number; position: number; side: ProofStep['side'] }[] {
  const places: { level: number; position: number; side: ProofStep['side'] }[] = [];
  let width = count;
  let index = leafIndex;
  for (let level = 0; width > 1; level++) {
    if (index % 2 === 1) places.push({ level, position: index - 1, side: 'left' });
    else if (index + 1 < width) places.push({ level, position: index + 1, side: 'right' });
    index = Math.floor(index / 2);
    width = Math.ceil(width / 2);
  }
  return places;
}

/** The proof of one leaf from the levels held in memory. */
export function proofFrom(levels: readonly string[][], leafIndex: number): ProofStep[] {
  return proofPlaces(levels[0]!.length, leafIndex).map(({ level, position, side }) => ({
    side,
    hash: levels[level]![position]!,
  }));
}
