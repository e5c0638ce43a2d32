import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerEntryProofSchema, ledgerHeadAnswerSchema } from '#shared/schemas/ledger';
import { getJson } from '#client/lib/api-client';
import { editionKey, useEditionScope, withEdition } from '#client/lib/edition-scope';

/*
 * The ledger of the current edition's published results, or with `edition` that edition's (the
 * results page under /e/{slug}/ takes it from the route).
 */

/** The published ledger's whole document, for a link: it is far too large to load on a phone. */
export const ledgerUrl = (edition: string | undefined) =>
  withEdition('/api/results/ledger', edition);

/** GET /api/results/ledger/entries/{receiptCode}: one receipt's entry and its proof path. */
export const ledgerEntryQuery = (receiptCode: string, edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/results/ledger/entries', receiptCode], edition),
    queryFn: ({ signal }) =>
      getJson(
        withEdition(`/api/results/ledger/entries/${encodeURIComponent(receiptCode)}`, edition),
        ledgerEntryProofSchema,
        { signal },
      ),
    // A published entry never changes; its corrections are few and late.
    staleTime: 60_000,
  });

/** Asks only once a code is submitted (null before). */
export function useLedgerEntry(receiptCode: string | null) {
  return useQuery({
    ...ledgerEntryQuery(receiptCode ?? '', useEditionScope()),
    enabled: receiptCode !== null,
  });
}

/** GET /api/results/ledger/head: the root and the corrections chain's head as they stand. */
export const ledgerHeadQuery = (edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/results/ledger/head'], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition('/api/results/ledger/head', edition), ledgerHeadAnswerSchema, {
        signal,
      }),
    staleTime: 60_000,
  });

export const useLedgerHead = () => useQuery(ledgerHeadQuery(useEditionScope()));
