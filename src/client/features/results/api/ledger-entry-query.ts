import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerEntryProofSchema, ledgerHeadAnswerSchema } from '#shared/schemas/ledger';
import { getJson } from '#client/lib/api-client';

/** The published ledger's whole document, for a link: it is far too large to load on a phone. */
export const LEDGER_URL = '/api/results/ledger';

/** GET /api/results/ledger/entries/{receiptCode}: one receipt's entry and its proof path. */
export const ledgerEntryQuery = (receiptCode: string) =>
  queryOptions({
    queryKey: ['/api/results/ledger/entries', receiptCode],
    queryFn: ({ signal }) =>
      getJson(
        `/api/results/ledger/entries/${encodeURIComponent(receiptCode)}`,
        ledgerEntryProofSchema,
        { signal },
      ),
    // A published entry never changes; its corrections are few and late.
    staleTime: 60_000,
  });

/** Asks only once a code is submitted (null before). */
export function useLedgerEntry(receiptCode: string | null) {
  return useQuery({ ...ledgerEntryQuery(receiptCode ?? ''), enabled: receiptCode !== null });
}

/** GET /api/results/ledger/head: the root and the corrections chain's head as they stand. */
export const ledgerHeadQuery = () =>
  queryOptions({
    queryKey: ['/api/results/ledger/head'],
    queryFn: ({ signal }) =>
      getJson('/api/results/ledger/head', ledgerHeadAnswerSchema, { signal }),
    staleTime: 60_000,
  });

export const useLedgerHead = () => useQuery(ledgerHeadQuery());
