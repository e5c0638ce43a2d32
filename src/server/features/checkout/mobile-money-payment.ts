import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { paymentProviders } from '../../payments/payment-providers.js';
import type { PhoneHasher } from '../../payments/phone-hash.js';
import { PaymentRefused } from '../../payments/providers/provider-errors.js';
import { settle } from '../../payments/settle.js';
import {
  mobileMoneyPaymentRequestSchema,
  type MobileMoneyPaymentResponse,
} from '../../../shared/schemas/payment.js';
import { insertPendingPayment } from './insert-payment.js';
import { paymentTotals } from './payment-totals.js';
import { providerHttpError } from './provider-http-error.js';
import { assertVotable } from './votable-nominations.js';

/** POST /api/campay-payment: records the payment, then asks the provider to prompt the phone. */
export function registerMobileMoneyPayment(
  app: FastifyInstance,
  options: { hashPhone: PhoneHasher; rateLimit: { max: number; timeWindow: string } },
): void {
  const { ctx } = app;
  app.post(
    '/campay-payment',
    { config: { rateLimit: options.rateLimit } },
    async (request): Promise<MobileMoneyPaymentResponse> => {
      const body = parse(mobileMoneyPaymentRequestSchema, request.body, 'payment');
      const provider = paymentProviders(ctx).mobileMoney;
      if (!provider) throw new HttpError(503, 'Mobile money payments are not available.');
      await assertVotable(ctx.db, body.nominationVotes);
      const { totalVotes, amount } = paymentTotals(body.nominationVotes, 'XAF', body.totalVotes);

      const paymentId = await insertPendingPayment(ctx.db, {
        provider: 'campay',
        currency: 'XAF',
        amount,
        totalVotes,
        votes: body.nominationVotes,
        voterEmail: body.voterEmail,
        phoneNumber: body.phoneNumber,
        phoneHash: options.hashPhone(body.phoneNumber),
        deviceInfo: body.deviceInfo,
        ipAddress: request.ip,
        // Starting a mobile-money payment is the attempt: the prompt goes to the phone now.
        attemptedAt: new Date(),
      });

      let started;
      try {
        started = await provider.collect({
          paymentId,
          amount,
          currency: 'XAF',
          phoneNumber: body.phoneNumber,
          // ASCII only: operators show it on feature phones that cannot render accents.
          description: `Palmares: ${totalVotes} vote${totalVotes === 1 ? '' : 's'}`,
        });
      } catch (error) {
        // A refusal is certain, so the payment fails now. Anything else (timeout, network) leaves
        // it pending: the provider may have acted, and its callback carries our payment id.
        if (error instanceof PaymentRefused) {
          await settle(
            ctx,
            paymentId,
            { status: 'failed', reason: `${error.code}: ${error.message}` },
            'initiate',
          );
        } else {
          request.log.warn({ err: error, paymentId }, 'mobile money collect did not complete');
        }
        throw providerHttpError(error, paymentId);
      }
      // A callback racing this request may have stored the reference already.
      await ctx.db
        .update(payments)
        .set({ providerRef: started.providerRef, updatedAt: new Date() })
        .where(and(eq(payments.id, paymentId), isNull(payments.providerRef)));
      return { paymentId, ussdCode: started.ussdCode, operator: started.operator };
    },
  );
}
