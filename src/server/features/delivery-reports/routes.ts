import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '#server/http/http-error.js';
import { errorResponses, SMS_REPORT_TOKEN_REQUIRED } from '#server/http/route-schema.js';
import {
  recordDeliveryReport,
  type DeliveryReport,
  type DeliveryReportOutcome,
} from '#server/outbox/outbox-store.js';
import type { AppContext } from '#server/app-context.js';
import type { DeliveryStatus } from '#shared/schemas/outbox.js';
import { notificationReceivedSchema } from '#shared/schemas/payment.js';
import {
  africasTalkingDeliveryReportSchema,
  deliveryReportQuerySchema,
  orangeDeliveryReportSchema,
} from '#shared/schemas/sms-delivery-report.js';
import { africasTalkingDeliveryStatus, orangeDeliveryStatus } from './delivery-status.js';
import { reportTokenCheck } from './report-token.js';

type Gateway = 'orange' | 'africastalking';

/**
 * POST /api/webhooks/sms/orange and /api/webhooks/sms/africastalking: SMS gateways' delivery
 * reports. Neither gateway signs them, so each URL carries a secret of ours in its query (Orange
 * gets it with every request's notifyURL; Africa's Talking's is set in its dashboard), checked in
 * constant time before the body is read. A report for a message we do not know, or in words we do
 * not know, is answered 200 and logged: gateways repeat what is refused, and no repeat would
 * change the answer. Strangers' guesses are rate-limited; the gateway, once it names the token,
 * is not, since reports come in bursts after a burst of receipts.
 */
export default async function deliveryReportRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tokens = ctx.config.outbox.deliveryReportTokens;
  const checks: Record<Gateway, (sent: unknown) => boolean> = {
    orange: reportTokenCheck(tokens.orange),
    africastalking: reportTokenCheck(tokens.africasTalking),
  };
  const configured: Record<Gateway, boolean> = {
    orange: Boolean(tokens.orange),
    africastalking: Boolean(tokens.africasTalking),
  };
  const sentToken = (request: FastifyRequest) =>
    (request.query as Record<string, unknown> | undefined)?.token;

  const guard = (gateway: Gateway) => ({
    config: {
      input: { what: 'delivery report' },
      rateLimit: {
        max: ctx.config.rateLimits.lookupsPerMinute,
        timeWindow: '1 minute',
        allowList: (request: FastifyRequest) => checks[gateway](sentToken(request)),
      },
    },
    // Before the body is validated: a stranger learns nothing of the shape we expect.
    preValidation: async (request: FastifyRequest) => {
      if (!configured[gateway]) throw notFound('Delivery reports are not configured');
      if (!checks[gateway](sentToken(request))) throw unauthorized('Invalid delivery report token');
    },
  });
  const common = {
    tags: ['notifications'],
    security: SMS_REPORT_TOKEN_REQUIRED,
    querystring: deliveryReportQuerySchema,
    response: { 200: notificationReceivedSchema, ...errorResponses(400, 401, 404, 429) },
  };

  app.post(
    '/webhooks/sms/orange',
    {
      ...guard('orange'),
      schema: {
        operationId: 'receiveOrangeSmsDeliveryReport',
        summary: "Receive Orange's delivery report about an SMS",
        body: orangeDeliveryReportSchema,
        ...common,
      },
    },
    async (request) => {
      const { callbackData, deliveryInfo } = request.body.deliveryInfoNotification;
      const status = orangeDeliveryStatus(deliveryInfo.deliveryStatus);
      await apply(ctx, request.log, 'orange', status, {
        message: { id: callbackData ?? '' },
        detail: deliveryInfo.deliveryStatus,
      });
      return { received: true } as const;
    },
  );

  app.post(
    '/webhooks/sms/africastalking',
    {
      ...guard('africastalking'),
      schema: {
        operationId: 'receiveAfricasTalkingDeliveryReport',
        summary: "Receive Africa's Talking's delivery report about an SMS",
        body: africasTalkingDeliveryReportSchema,
        ...common,
      },
    },
    async (request) => {
      const { id, status: said, failureReason } = request.body;
      await apply(ctx, request.log, 'africastalking', africasTalkingDeliveryStatus(said), {
        message: { gatewayMessageId: id },
        detail: failureReason ? `${said}: ${failureReason}` : said,
      });
      return { received: true } as const;
    },
  );
}

async function apply(
  ctx: AppContext,
  log: FastifyBaseLogger,
  gateway: Gateway,
  status: DeliveryStatus | undefined,
  report: Omit<DeliveryReport, 'status'>,
): Promise<void> {
  let outcome: DeliveryReportOutcome | 'unknown-status' = 'unknown-status';
  if (status) outcome = await recordDeliveryReport(ctx.db, { ...report, status });
  ctx.metrics?.deliveryReported(gateway, status ?? 'unknown', outcome);
  if (outcome === 'unknown' || outcome === 'unknown-status') {
    log.info(
      { gateway, message: report.message, detail: report.detail },
      outcome === 'unknown'
        ? 'SMS delivery report ignored: no message of ours has that id'
        : 'SMS delivery report ignored: a status we do not know',
    );
  }
}
