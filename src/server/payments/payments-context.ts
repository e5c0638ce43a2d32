import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import type { Database, Db } from '#server/db/client.js';
import type { PaymentProviders } from './payment-providers.js';
import type { RecentProviderChecks } from './recent-provider-checks.js';
import type { SettlementQueue } from './settlement-queue.js';

/**
 * The services of the app's context that the payments layer uses. It is declared here, below the
 * composition root, because the root's AppContext names every feature's services too; AppContext
 * has each of these fields, so callers hand over `app.ctx` as it is.
 */
export interface PaymentsContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  providers: PaymentProviders;
  /** The provider checks this instance claimed lately (refreshPayment). */
  providerChecks: RecentProviderChecks;
  settlement: SettlementQueue;
}
