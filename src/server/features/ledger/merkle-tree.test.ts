import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, proofFrom, rootOf, treeLevels } from './merkle-tree.js';

/** The fold a verifier makes, written here from the rules rather than taken from the module. */
function foldProof(leaf: string, proof: { side: 'left' | 'right'; hash: string }[]): string {
  let running = Buffer.from(leaf, 'hex');
  for (const step of proof) {
    const sibling = Buffer.from(step.hash, 'hex');
    const [left, right] = step.side === 'left' ? [sibling, running] : [running, sibling];
    running = createHash('sha256')
      .update(Buffer.concat([Buffer.from([1]), left, right]))
      .digest();
  }
  return running.toString('hex');
}

const leaves = (count: number) =>
  Array.from({ length: count }, (_, i) => createHash('sha256').update(`leaf ${i}`).digest('hex'));

describe('the Merkle tree', () => {
  it('has no entry: the hash of no bytes', () => {
    expect(rootOf(treeLevels([]))).toBe(EMPTY_ROOT);
    expect(EMPTY_ROOT).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  for (const count of [1, 2, 3, 5, 6, 7, 8, 9, 13, 33]) {
    it(`proves every leaf of a tree of ${count} to its root`, () => {
      const levels = treeLevels(leaves(count));
      const root = rootOf(levels);
      for (let i = 0; i < count; i++) {
        expect(foldProof(levels[0]![i]!, proofFrom(levels, i))).toBe(root);
      }
    });
  }

  it('carries an odd node up unchanged: three leaves root as node(node(a, b), c)', () => {
    const [a, b, c] = leaves(3) as [string, string, string];
    const node = (l: string, r: string) =>
      createHash('sha256')
        .update(Buffer.concat([Buffer.from([1]), Buffer.from(l, 'hex'), Buffer.from(r, 'hex')]))
        .digest('hex');
    expect(rootOf(treeLevels([a, b, c]))).toBe(node(node(a, b), c));
    expect(proofFrom(treeLevels([a, b, c]), 2)).toEqual([{ side: 'left', hash: node(a, b) }]);
  });
});
