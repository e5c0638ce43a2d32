import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { findEdition } from '#server/features/editions/edition-store.js';
import { editionQuerySchema, type EditionQuery } from '#shared/schemas/edition.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RECEIPT_CODE_INPUT } from '#server/features/receipts/receipt-code-texts.js';
import { notFound } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import {
  ledgerDocumentSchema,
  ledgerEntryParamsSchema,
  ledgerEntryProofSchema,
  ledgerHeadAnswerSchema,
  type LedgerEntryProof,
  type LedgerHeadAnswer,
} from '#shared/schemas/ledger.js';
import {
  publishedLedgerOf,
  findEntryProof,
  ledgerDocumentChunks,
  ledgerHead,
} from './ledger-queries.js';

/** A ledger of 100,000 entries is some 20 MB: a slow phone line may take minutes to take it. */
const DOCUMENT_TIMEOUT_MS = 15 * 60_000;
/**
 * Downloads of the whole document per address and minute: one is all anyone checking needs, a
 * few more allow for a dropped connection, and each is some 20 MB read from the database.
 */
const DOCUMENT_DOWNLOADS_PER_MINUTE = 10;

const NOT_PUBLISHED = {
  en: 'The results are not published yet: their ledger comes out with them.',
  fr: 'Les résultats ne sont pas encore publiés : leur registre paraît avec eux.',
};
const NO_LEDGER = {
  en: 'These results were published without a ledger.',
  fr: 'Ces résultats ont été publiés sans registre.',
};
/** The same answer for a code that does not exist and one whose payment was not credited. */
const NOT_IN_LEDGER = {
  en: 'This receipt code is not in the published ledger. Check it and try again.',
  fr: 'Ce code de reçu ne figure pas dans le registre publié. Vérifiez-le et réessayez.',
};

/** The published ledger of the results and one receipt's proof in it (ADR 0058); public. */
export default async function ledgerRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** The ledger of `edition`'s published results (the current edition's when not named). */
  const publishedLedger = async (edition: string | undefined) => {
    const { id, resultsPublishedAt } = await findEdition(ctx.db, edition, ctx.config.eventTimezone);
    if (resultsPublishedAt === null) throw notFound(NOT_PUBLISHED);
    return publishedLedgerOf(ctx.db, id);
  };
  const ledgerOrRefusal = async (edition: string | undefined) => {
    const ledger = await publishedLedger(edition);
    if (!ledger) throw notFound(NO_LEDGER);
    return ledger;
  };

  // Registered without the type provider: the answer is a stream of the document's text, which
  // the schema describes for the OpenAPI document but the serializer never sees.
  plain.get(
    '/results/ledger',
    {
      handlerTimeout: DOCUMENT_TIMEOUT_MS,
      config: {
        rateLimit: { max: DOCUMENT_DOWNLOADS_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        operationId: 'getResultsLedger',
        summary: 'Download the ledger of the published results, to check them with any tool',
        tags: ['event'],
        querystring: editionQuerySchema,
        response: { 200: ledgerDocumentSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const ledger = await ledgerOrRefusal((request.query as EditionQuery).edition);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'inline; filename="results-ledger.json"')
        .header('cache-control', 'no-cache')
        .send(Readable.from(ledgerDocumentChunks(ctx.db, ledger)));
    },
  );

  app.get(
    '/results/ledger/head',
    {
      schema: {
        operationId: 'getResultsLedgerHead',
        summary: "Get the ledger's root and the head of its corrections chain",
        tags: ['event'],
        querystring: editionQuerySchema,
        response: { 200: ledgerHeadAnswerSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply): Promise<LedgerHeadAnswer> => {
      reply.header('cache-control', 'no-cache');
      // Published results without a ledger are a state the page asks about, not a missing page.
      const ledger = await publishedLedger(request.query.edition);
      return { ledger: ledger && (await ledgerHead(ctx.db, ledger)) };
    },
  );

  app.get(
    '/results/ledger/entries/:receiptCode',
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.lookupsPerMinute, timeWindow: '1 minute' },
        input: { voter: RECEIPT_CODE_INPUT },
      },
      schema: {
        operationId: 'getResultsLedgerEntry',
        summary: "Get a receipt's entry in the published ledger and its proof path to the root",
        tags: ['event'],
        params: ledgerEntryParamsSchema,
        querystring: editionQuerySchema,
        response: { 200: ledgerEntryProofSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply): Promise<LedgerEntryProof> => {
      reply.header('cache-control', 'no-store');
      const ledger = await ledgerOrRefusal(request.query.edition);
      const found = await findEntryProof(ctx.db, ledger, request.params.receiptCode);
      if (!found) throw notFound(NOT_IN_LEDGER);
      return found;
    },
  );
}
