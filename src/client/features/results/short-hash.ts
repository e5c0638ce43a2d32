/** Enough of a 64-digit hash to compare with a screenshot at a glance; a copy has it all. */
export const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;
