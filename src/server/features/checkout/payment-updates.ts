import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { payments } from '../../db/schema.js';
import { conflict, notFound, unprocessable } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { EMAIL_REQUIRED, PAYMENT_NOT_FOUND, paymentAlready } from '../../http/voter-text.js';
import { idParamsSchema } from '../../../shared/schemas/ids.js';
import { paymentEmailRequestSchema } from '../../../shared/schemas/payment.js';

/** Why a conditional update on a pending payment changed nothing: unknown (404) or settled (409). */
async function explainMiss(ctx: AppContext, paymentId: string, what: string): Promise<never> {
  const [row] = await ctx.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  throw conflict(paymentAlready(row.status, what));
}

/** PATCH /api/payment/{id}/email and PATCH /api/payment/{id}/attempt. */
export function registerPaymentUpdates(app: FastifyInstance): void {
  const { ctx } = app;

  app.patch('/payment/:id/email', async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'payment id');
    const { voterEmail } = parse(paymentEmailRequestSchema, request.body, 'e-mail');
    // Only while pending: a receipt's owner must not change once votes are counted.
    const [row] = await ctx.db
      .update(payments)
      .set({ voterEmail, updatedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning({ id: payments.id, voterEmail: payments.voterEmail });
    if (!row) return explainMiss(ctx, id, 'e-mail');
    return { paymentId: row.id, voterEmail: row.voterEmail ?? voterEmail };
  });

  app.patch('/payment/:id/attempt', async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'payment id');
    const [current] = await ctx.db
      .select({ provider: payments.provider, voterEmail: payments.voterEmail })
      .from(payments)
      .where(eq(payments.id, id));
    if (!current) throw notFound(PAYMENT_NOT_FOUND);
    if (current.provider === 'stripe' && !current.voterEmail) {
      throw unprocessable(EMAIL_REQUIRED);
    }
    // The first attempt is the one tracking shows; later retries keep it.
    const [row] = await ctx.db
      .update(payments)
      .set({ attemptedAt: sql`COALESCE(${payments.attemptedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning({ id: payments.id, attemptedAt: payments.attemptedAt });
    if (!row) return explainMiss(ctx, id, 'attempt');
    return { paymentId: row.id, attemptedAt: new Date(row.attemptedAt!).toISOString() };
  });
}
