import ipaddr from 'ipaddr.js';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads the environment. It parses once and fails fast with every
 * problem listed, so a misconfigured production deploy stops at boot, not at the first payment.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());
/** Hundredths of a percent (290 = 2.9 %): a rate kept in integers, like the money it applies to. */
const basisPoints = z.coerce.number().int().min(0).max(10_000);
/** A fixed part of a fee, in the currency's minor units. */
const feeFixed = z.coerce.number().int().min(0).max(1_000_000);
/** What an Authorization: Bearer header can carry as it is (RFC 6750's token characters). */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
/** An SMS number in E.164 (+237...), as gateways want the sender; `tel:` in front is taken off. */
const e164Number = optionalString.pipe(
  z
    .string()
    .transform((v) => v.replace(/^tel:/i, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'a number in E.164, e.g. +237690000000'))
    .optional(),
);
/** What an operator shows as the sender instead of a number: at most 11 letters and digits. */
const senderName = optionalString.pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9 ._-]{1,11}$/, 'at most 11 letters, digits, spaces, dots, dashes')
    .optional(),
);
/** Shorter than this, a secret in a callback URL could be found by trying. */
export const CALLBACK_TOKEN_MIN_LENGTH = 24;
/** A secret that goes into a callback URL's query as it is. */
const callbackToken = optionalString.pipe(
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${CALLBACK_TOKEN_MIN_LENGTH},200}$`),
      `at least ${CALLBACK_TOKEN_MIN_LENGTH} letters, digits, - or _ (e.g. openssl rand -hex 32)`,
    )
    .optional(),
);
/** Shorter than this, a production metrics token could be guessed by trying. */
export const METRICS_TOKEN_MIN_LENGTH = 24;

/** Ranges that Fastify's proxy-addr knows by name. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** Dotted-quad IPv4 or IPv6, with or without a prefix length ('1.5' is an address to ipaddr.js). */
const isAddressOrRange = (entry: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(entry) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
  ipaddr.IPv6.isValid(entry) ||
  ipaddr.IPv6.isValidCIDR(entry);
/**
 * Which proxies may speak for the client: none, the nearest N hops, or the proxies at these
 * addresses. A bare `true` believes every X-Forwarded-For entry, including the ones a client
 * writes itself; it is refused in production (see the refinement below).
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const value = raw?.trim().toLowerCase() ?? '';
    if (value === '' || value === 'false' || value === 'no') return false;
    if (value === 'true' || value === 'yes') return true;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter(
      (entry) => !NAMED_PROXY_RANGES.has(entry) && !isAddressOrRange(entry),
    );
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/*
 * The settings of the outbox's channels, described where they are read: the channels
 * (outbox/channel-registry.ts) take them from here, so the configuration imports nothing above it.
 */
/** Which gateways SMS_GATEWAY accepts; unset means the sandbox. */
export const SMS_GATEWAYS = ['sandbox', 'orange', 'africastalking'] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

export interface SmtpSettings {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://... (TLS from the start). */
  url: string;
  /** The From of every message: an address, or "Name <address>". */
  from: string;
  /** A connection, a greeting or a reply slower than this fails the send (retried later). */
  timeoutMs: number;
}

export interface OrangeSmsSettings {
  /** https://api.orange.com, without a trailing slash. */
  baseUrl: string;
  /** The application's credentials from the Orange Developer portal. */
  clientId: string;
  clientSecret: string;
  /** The number the SMS bundle belongs to, in E.164 (+237...). */
  senderAddress: string;
  /** A sender name Orange registered for the account; unset, the number shows. */
  senderName?: string | undefined;
  /** Where Orange posts delivery reports (token included); unset, none are asked for. */
  notifyUrl?: string | undefined;
}

export interface AfricasTalkingSettings {
  /** https://api.africastalking.com (or the sandbox's address), without a trailing slash. */
  baseUrl: string;
  /** The application's username (`sandbox` in their sandbox). */
  username: string;
  apiKey: string;
  /** A sender id registered with Africa's Talking; unset, their shared one is used. */
  senderId?: string | undefined;
}

/** The SMS gateway and its settings. */
export type SmsSettings =
  | { gateway: 'sandbox' | undefined }
  | { gateway: 'orange'; orange: OrangeSmsSettings }
  | { gateway: 'africastalking'; africasTalking: AfricasTalkingSettings };

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    TRUST_PROXY: trustProxySetting,
    DATABASE_URL: optionalString,
    DATABASE_MIGRATION_URL: optionalString,
    MIGRATE_ON_START: bool.default(true),
    DATA_DIR: z.string().default('./data'),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(60000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    DATABASE_PREPARED_STATEMENTS: bool.default(true),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
    SEED_DEMO: bool.default(true),
    EVENT_TIMEZONE: z.string().default('Africa/Lagos'),
    PHONE_HASH_KEY: optionalString,
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 7),
    SESSION_PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
    INTEGRITY_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(900),
    ADMIN_EMAILS: optionalString,
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: optionalUrl,
    CAMPAY_BASE_URL: z.url().default('https://demo.campay.net/api'),
    CAMPAY_TOKEN: optionalString,
    CAMPAY_USERNAME: optionalString,
    CAMPAY_PASSWORD: optionalString,
    CAMPAY_WEBHOOK_KEY: optionalString,
    CAMPAY_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
    STRIPE_FEE_ESTIMATE_BASIS_POINTS: basisPoints.default(290),
    STRIPE_FEE_ESTIMATE_FIXED: feeFixed.default(30),
    CAMPAY_FEE_ESTIMATE_BASIS_POINTS: basisPoints.default(200),
    CAMPAY_FEE_ESTIMATE_FIXED: feeFixed.default(0),
    SANDBOX_SETTLE_DELAY_MS: z.coerce.number().int().min(0).default(6000),
    PAYMENTS_SANDBOX: bool.optional(),
    PAYMENT_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(4000),
    RATE_LIMIT_PAYMENTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_IMAGES_PER_MINUTE: z.coerce.number().int().positive().default(300),
    RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR: z.coerce.number().int().positive().default(10),
    PROMPT_BLOCK_AFTER_UNANSWERED: z.coerce.number().int().positive().default(3),
    PROMPT_BLOCK_MINUTES: z.coerce.number().int().positive().max(1440).default(60),
    CARD_INTENTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    CARD_INTENTS_PER_HOUR_PER_SESSION: z.coerce.number().int().positive().default(10),
    CARD_INTENTS_PER_HOUR_PER_EMAIL: z.coerce.number().int().positive().default(10),
    CARD_BLOCK_AFTER_DECLINES: z.coerce.number().int().positive().default(5),
    CARD_BLOCK_MINUTES: z.coerce.number().int().positive().max(1440).default(60),
    CARD_CHALLENGE_AFTER_DECLINES: z.coerce.number().int().positive().default(30),
    CARD_CHALLENGE_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
    CARD_CHALLENGE_PASS_MINUTES: z.coerce.number().int().positive().max(1440).default(30),
    TURNSTILE_SITE_KEY: optionalString,
    TURNSTILE_SECRET_KEY: optionalString,
    TURNSTILE_VERIFY_URL: z
      .url()
      .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    VELOCITY_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    VELOCITY_LOOKBACK_MINUTES: z.coerce.number().int().positive().max(10080).default(120),
    VELOCITY_PHONES_PER_DEVICE: z.coerce.number().int().min(2).default(3),
    VELOCITY_PHONES_PER_ADDRESS: z.coerce.number().int().min(2).default(10),
    VELOCITY_PHONES_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(60),
    VELOCITY_NOMINEES_PER_PHONE: z.coerce.number().int().min(2).default(5),
    VELOCITY_NOMINEES_WINDOW_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
    VELOCITY_BURST_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(10),
    VELOCITY_BURST_FACTOR: z.coerce.number().int().min(2).default(5),
    VELOCITY_BURST_MIN_VOTES: z.coerce.number().int().positive().default(200),
    VELOCITY_BURST_BASELINE_HOURS: z.coerce.number().int().positive().max(720).default(24),
    RATE_LIMIT_LOOKUP_CODES_PER_RECIPIENT: z.coerce.number().int().positive().default(3),
    LOOKUP_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    LOOKUP_CODE_ANSWER_FLOOR_MS: z.coerce.number().int().min(0).max(10000).default(500),
    SMS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().positive().default(10),
    SMS_BUDGET_PER_HOUR: z.coerce.number().int().positive().default(2000),
    PAYMENT_EXPIRY_HOURS: z.coerce.number().positive().default(24),
    RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    RECONCILE_LOOKBACK_DAYS: z.coerce.number().min(0).default(7),
    STRIPE_EVENTS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
    TRANSLATE_PROVIDER: z.enum(['none', 'deepl', 'libretranslate']).default('none'),
    DEEPL_API_KEY: optionalString,
    DEEPL_SERVER_URL: optionalUrl,
    LIBRETRANSLATE_URL: optionalUrl,
    LIBRETRANSLATE_API_KEY: optionalString,
    TRANSLATE_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
    REDIS_URL: optionalString,
    CATALOG_CACHE_MS: z.coerce.number().int().min(0).default(5000),
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
    LIVE_HEARTBEAT_MS: z.coerce.number().int().positive().default(15000),
    METRICS_TOKEN: optionalString,
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
    OUTBOX_SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/\s]+/, 'an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    SMS_GATEWAY: optionalString.pipe(z.enum(SMS_GATEWAYS).optional()),
    ORANGE_SMS_BASE_URL: z.url().default('https://api.orange.com'),
    ORANGE_SMS_CLIENT_ID: optionalString,
    ORANGE_SMS_CLIENT_SECRET: optionalString,
    ORANGE_SMS_SENDER_ADDRESS: e164Number,
    ORANGE_SMS_SENDER_NAME: senderName,
    ORANGE_SMS_NOTIFY_TOKEN: callbackToken,
    AT_BASE_URL: z.url().default('https://api.africastalking.com'),
    AT_USERNAME: optionalString,
    AT_API_KEY: optionalString,
    AT_SENDER_ID: senderName,
    AT_CALLBACK_TOKEN: callbackToken,
  })
  .superRefine((env, ctx) => {
    const need = (cond: boolean, key: string, message: string) => {
      if (cond) ctx.addIssue({ code: 'custom', path: [key], message });
    };
    const stripeKeys = [
      env.STRIPE_SECRET_KEY,
      env.STRIPE_PUBLISHABLE_KEY,
      env.STRIPE_WEBHOOK_SECRET,
    ];
    need(
      stripeKeys.some(Boolean) && !stripeKeys.every(Boolean),
      'STRIPE_SECRET_KEY',
      'set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together',
    );
    const campayCredentials = Boolean(
      env.CAMPAY_TOKEN || (env.CAMPAY_USERNAME && env.CAMPAY_PASSWORD),
    );
    need(
      Boolean(env.CAMPAY_USERNAME) !== Boolean(env.CAMPAY_PASSWORD),
      'CAMPAY_USERNAME',
      'set CAMPAY_USERNAME and CAMPAY_PASSWORD together',
    );
    need(
      campayCredentials && !env.CAMPAY_WEBHOOK_KEY,
      'CAMPAY_WEBHOOK_KEY',
      'Campay needs CAMPAY_WEBHOOK_KEY to verify callbacks',
    );
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    need(
      oidc.some(Boolean) && !oidc.every(Boolean),
      'OIDC_ISSUER_URL',
      'set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
    );
    need(
      Boolean(env.DATABASE_MIGRATION_URL) && !env.DATABASE_URL,
      'DATABASE_MIGRATION_URL',
      'needs DATABASE_URL: the embedded database (PGlite) has no roles, so there is no separate owner to migrate as',
    );
    need(
      env.TRANSLATE_PROVIDER === 'deepl' && !env.DEEPL_API_KEY,
      'DEEPL_API_KEY',
      'TRANSLATE_PROVIDER=deepl needs DEEPL_API_KEY',
    );
    need(
      env.TRANSLATE_PROVIDER === 'libretranslate' && !env.LIBRETRANSLATE_URL,
      'LIBRETRANSLATE_URL',
      'TRANSLATE_PROVIDER=libretranslate needs LIBRETRANSLATE_URL',
    );
    need(
      env.NODE_ENV === 'production' && env.LOG_FORMAT === 'pretty',
      'LOG_FORMAT',
      'production logs are JSON lines, for whatever collects them; leave LOG_FORMAT unset or set it to json (pipe them through pino-pretty to read them)',
    );
    need(
      env.NODE_ENV === 'production' && env.TRUST_PROXY === true,
      'TRUST_PROXY',
      'true would let any client forge its address (X-Forwarded-For) past every per-address limit; set the number of proxies in front of the app (e.g. 1) or their addresses/CIDR ranges (e.g. 10.0.0.0/8)',
    );
    need(
      env.METRICS_TOKEN !== undefined && !BEARER_TOKEN.test(env.METRICS_TOKEN),
      'METRICS_TOKEN',
      'a bearer token is letters, digits and - . _ ~ + / (with = only at the end); e.g. openssl rand -hex 32',
    );
    need(
      env.NODE_ENV === 'production' &&
        env.METRICS_TOKEN !== undefined &&
        env.METRICS_TOKEN.length < METRICS_TOKEN_MIN_LENGTH,
      'METRICS_TOKEN',
      `production needs at least ${METRICS_TOKEN_MIN_LENGTH} characters (a long random secret, e.g. openssl rand -hex 32)`,
    );
    need(
      Boolean(env.SMTP_URL) && !env.MAIL_FROM,
      'MAIL_FROM',
      'SMTP_URL needs MAIL_FROM, the address receipts are sent from (e.g. "Palmares <receipts@vote.example.com>")',
    );
    need(
      env.NODE_ENV === 'production' &&
        !env.PUBLIC_URL &&
        (Boolean(env.SMTP_URL) || (env.SMS_GATEWAY ?? 'sandbox') !== 'sandbox'),
      'PUBLIC_URL',
      'receipts sent by e-mail or SMS link to the site: set PUBLIC_URL to its public address',
    );
    for (const key of [
      'ORANGE_SMS_CLIENT_ID',
      'ORANGE_SMS_CLIENT_SECRET',
      'ORANGE_SMS_SENDER_ADDRESS',
    ] as const) {
      need(env.SMS_GATEWAY === 'orange' && !env[key], key, `SMS_GATEWAY=orange needs ${key}`);
    }
    need(
      Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY),
      env.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY',
      'Turnstile needs both its site key (for the page) and its secret key (to check the answers)',
    );
    for (const key of ['AT_USERNAME', 'AT_API_KEY'] as const) {
      need(
        env.SMS_GATEWAY === 'africastalking' && !env[key],
        key,
        `SMS_GATEWAY=africastalking needs ${key}`,
      );
    }
    try {
      new Intl.DateTimeFormat('en', { timeZone: env.EVENT_TIMEZONE });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['EVENT_TIMEZONE'], message: 'not an IANA time zone' });
    }
  });

export type LogFormat = 'pretty' | 'json';

/** Every environment variable the app reads: a deploy file that sets another is mistaken. */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** Every process but the schema tools hashes phone numbers, so production must give it the key. */
const phoneHashingEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.PHONE_HASH_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['PHONE_HASH_KEY'],
      message:
        'production needs PHONE_HASH_KEY (a long random secret; changing it breaks phone receipt lookup)',
    });
  }
});

export interface LoadConfigOptions {
  /**
   * For the schema owner's tools (`db:migrate`, `db:grant-app-role`), which never hash a phone
   * number: production does not ask them for PHONE_HASH_KEY, so the release step that migrates
   * holds the owner's URL without the key, as the server holds the key without the owner's URL.
   */
  schemaTool?: boolean;
}

export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
) {
  const parsed = (options.schemaTool ? envSchema : phoneHashingEnvSchema).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  /** Accepted but worth a line in the log at start. */
  const warnings: string[] = [];
  if (env.TRUST_PROXY === true) {
    warnings.push(
      'TRUST_PROXY=true believes any X-Forwarded-For, so a client can pick its own address; set the number of proxies or their addresses (refused in production)',
    );
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    warnings.push(
      'SMTP_URL is unset: e-mail receipts stay in the outbox (sandbox) instead of reaching voters',
    );
  }
  if (
    env.NODE_ENV === 'production' &&
    env.SMS_GATEWAY === 'orange' &&
    !env.ORANGE_SMS_NOTIFY_TOKEN
  ) {
    warnings.push(
      'ORANGE_SMS_NOTIFY_TOKEN is unset: Orange is not asked for delivery reports, so the outbox cannot tell a delivered SMS from a lost one',
    );
  }
  if (
    env.NODE_ENV === 'production' &&
    env.SMS_GATEWAY === 'africastalking' &&
    !env.AT_CALLBACK_TOKEN
  ) {
    warnings.push(
      "AT_CALLBACK_TOKEN is unset: Africa's Talking's delivery reports are refused, so the outbox cannot tell a delivered SMS from a lost one",
    );
  }
  const outboxPublicUrl = env.PUBLIC_URL?.replace(/\/$/, '') ?? listeningUrl(env.HOST, env.PORT);
  const sms = smsSettings(env, outboxPublicUrl);
  const campayConfigured = Boolean(
    env.CAMPAY_TOKEN || (env.CAMPAY_USERNAME && env.CAMPAY_PASSWORD),
  );
  const logFormat: LogFormat =
    env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    /**
     * How log entries are written: `json`, one JSON object a line for whatever collects them, or
     * `pretty`, one short coloured line for a person at a terminal (pino-pretty, loaded only
     * then). Pretty by default in development only; production refuses it.
     */
    logFormat,
    /** false, a hop count, the proxies' addresses, or (outside production only) true: trust all. */
    trustProxy: env.TRUST_PROXY,
    database: env.DATABASE_URL
      ? ({
          kind: 'postgres',
          /** The app's own role: it reads and writes rows but owns nothing (docs/operations.md). */
          url: env.DATABASE_URL,
          /**
           * The role that owns the schema, for `npm run db:migrate` and `npm run db:grant-app-role`;
           * the server never connects with it. Without it, DATABASE_URL's role is the owner.
           */
          migrationUrl: env.DATABASE_MIGRATION_URL ?? env.DATABASE_URL,
          migrationUrlVariable: env.DATABASE_MIGRATION_URL
            ? 'DATABASE_MIGRATION_URL'
            : 'DATABASE_URL',
        } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') } as const),
    /**
     * Whether start-up applies pending migrations when DATABASE_URL's role owns the schema. Off, or
     * when the role does not own it, start-up only checks that the schema is current and stops if not.
     */
    migrateOnStart: env.MIGRATE_ON_START,
    /**
     * Bounds on every PostgreSQL wait, so an unresponsive server turns into a quick 503 instead of
     * requests that hang (see docs/decisions/0038). Migrations and the demo seed are exempt from the
     * statement bounds: they may legitimately run long or wait for another instance.
     */
    databaseTimeouts: {
      /** Opening a connection, or waiting for a free pooled one. */
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      /** The server cancels a statement running longer; the client gives up a second later. */
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      /** The server ends a session left inside a transaction doing nothing for this long. */
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    /** PostgreSQL connections this instance's pool may hold (PGlite has one). */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** Whether repeated statements run prepared (db/named-statements.ts); off behind a pooler that cannot keep them. */
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    /** A request still unanswered after this gets a 503 (long exports set their own bound). */
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    /**
     * After SIGTERM, how long /readyz answers 503 while requests are still served, so the load
     * balancer takes the instance out of rotation before it stops listening.
     */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    dataDir: path.resolve(env.DATA_DIR),
    seedDemo: env.SEED_DEMO,
    eventTimezone: env.EVENT_TIMEZONE,
    phoneHashKey: env.PHONE_HASH_KEY,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    /** How often expired sessions are deleted; 0 turns the sweep off (tests, or a cron elsewhere). */
    sessionPurgeIntervalSeconds: env.SESSION_PURGE_INTERVAL_SECONDS,
    integrityCheckIntervalSeconds: env.INTEGRITY_CHECK_INTERVAL_SECONDS,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    campay: campayConfigured
      ? {
          baseUrl: env.CAMPAY_BASE_URL.replace(/\/$/, ''),
          token: env.CAMPAY_TOKEN,
          username: env.CAMPAY_USERNAME,
          password: env.CAMPAY_PASSWORD,
          webhookKey: env.CAMPAY_WEBHOOK_KEY ?? '',
          timeoutMs: env.CAMPAY_TIMEOUT_MS,
        }
      : undefined,
    sandbox: {
      settleDelayMs: env.SANDBOX_SETTLE_DELAY_MS,
      /**
       * Whether a method without a real provider is simulated. Off by default in production, where
       * a simulated payment would be a free vote: such a method is then unavailable instead.
       */
      enabled: env.PAYMENTS_SANDBOX ?? env.NODE_ENV !== 'production',
    },
    /** A status poll asks the provider about one payment at most this often (across instances). */
    paymentPollIntervalMs: env.PAYMENT_POLL_INTERVAL_MS,
    rateLimits: {
      paymentsPerMinute: env.RATE_LIMIT_PAYMENTS_PER_MINUTE,
      lookupsPerMinute: env.RATE_LIMIT_LOOKUPS_PER_MINUTE,
      imagesPerMinute: env.RATE_LIMIT_IMAGES_PER_MINUTE,
      /** Mobile-money prompts sent to one phone number per hour, whoever asks for them. */
      promptsPerPhonePerHour: env.RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR,
      /**
       * A phone whose last `afterUnanswered` prompts were all declined or went unanswered gets no
       * more until `minutes` after the last of them.
       */
      unansweredPrompts: {
        afterUnanswered: env.PROMPT_BLOCK_AFTER_UNANSWERED,
        minutes: env.PROMPT_BLOCK_MINUTES,
      },
    },
    /**
     * Against card testing (ADR 0069): new intents per client per hour, a client's rest after a
     * burst of declines, and the challenge asked of every card payment while declines across the
     * site are many. Without Turnstile's keys the challenge is the sandbox's stand-in where the
     * sandbox is allowed; in production without them, card payments pause instead.
     */
    cardTesting: {
      intentsPerHour: {
        address: env.CARD_INTENTS_PER_HOUR_PER_ADDRESS,
        session: env.CARD_INTENTS_PER_HOUR_PER_SESSION,
        email: env.CARD_INTENTS_PER_HOUR_PER_EMAIL,
      },
      blockAfterDeclines: env.CARD_BLOCK_AFTER_DECLINES,
      blockMinutes: env.CARD_BLOCK_MINUTES,
      challenge: {
        afterDeclines: env.CARD_CHALLENGE_AFTER_DECLINES,
        windowMinutes: env.CARD_CHALLENGE_WINDOW_MINUTES,
        passMinutes: env.CARD_CHALLENGE_PASS_MINUTES,
        turnstile:
          env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
            ? {
                siteKey: env.TURNSTILE_SITE_KEY,
                secretKey: env.TURNSTILE_SECRET_KEY,
                verifyUrl: env.TURNSTILE_VERIFY_URL,
              }
            : null,
        sandbox: env.PAYMENTS_SANDBOX ?? env.NODE_ENV !== 'production',
      },
    },
    /**
     * Velocity flags of voter tracking (ADR 0068): what makes the job flag a paid payment. A flag
     * never blocks anything; the organiser decides.
     */
    velocity: {
      /** How often one instance looks at recent payments; 0 turns the flags off. */
      intervalSeconds: env.VELOCITY_CHECK_INTERVAL_SECONDS,
      /** How far back each run looks again (payments completing late are flagged too). */
      lookbackMinutes: env.VELOCITY_LOOKBACK_MINUTES,
      /** Distinct phones paid from one device (address and browser) within `phonesWindowMinutes`. */
      phonesPerDevice: env.VELOCITY_PHONES_PER_DEVICE,
      /** Distinct phones paid from one address within `phonesWindowMinutes`. */
      phonesPerAddress: env.VELOCITY_PHONES_PER_ADDRESS,
      phonesWindowMinutes: env.VELOCITY_PHONES_WINDOW_MINUTES,
      /** Distinct nominees one phone paid for within `nomineesWindowSeconds`. */
      nomineesPerPhone: env.VELOCITY_NOMINEES_PER_PHONE,
      nomineesWindowSeconds: env.VELOCITY_NOMINEES_WINDOW_SECONDS,
      /**
       * A category's votes in `burstWindowMinutes` at least `burstFactor` times its usual rate
       * over the `burstBaselineHours` before, and at least `burstMinVotes`.
       */
      burstWindowMinutes: env.VELOCITY_BURST_WINDOW_MINUTES,
      burstFactor: env.VELOCITY_BURST_FACTOR,
      burstMinVotes: env.VELOCITY_BURST_MIN_VOTES,
      burstBaselineHours: env.VELOCITY_BURST_BASELINE_HOURS,
    },
    /** The one-time codes that open a voter's receipt list (ADR 0061). */
    lookupCodes: {
      ttlSeconds: env.LOOKUP_CODE_TTL_SECONDS,
      /** Codes asked for one e-mail or phone per 15 minutes, from any address. */
      perRecipient: env.RATE_LIMIT_LOOKUP_CODES_PER_RECIPIENT,
      /** The code request is answered no sooner than this after it arrived, known or not. */
      answerFloorMs: env.LOOKUP_CODE_ANSWER_FLOOR_MS,
    },
    /** What SMS sent on a voter's request may cost (outbox/sms-budget.ts). */
    smsBudget: {
      perRecipientPerDay: env.SMS_PER_RECIPIENT_PER_DAY,
      perHour: env.SMS_BUDGET_PER_HOUR,
    },
    paymentExpiryHours: env.PAYMENT_EXPIRY_HOURS,
    /**
     * What a provider keeps of a payment, for the finance report when the provider did not say:
     * Stripe's in USD cents, Campay's in XAF (the sandbox's payments use the provider's they stand in for).
     */
    feeEstimates: {
      stripe: {
        basisPoints: env.STRIPE_FEE_ESTIMATE_BASIS_POINTS,
        fixed: env.STRIPE_FEE_ESTIMATE_FIXED,
      },
      campay: {
        basisPoints: env.CAMPAY_FEE_ESTIMATE_BASIS_POINTS,
        fixed: env.CAMPAY_FEE_ESTIMATE_FIXED,
      },
    },
    reconcileIntervalSeconds: env.RECONCILE_INTERVAL_SECONDS,
    /**
     * For how long after we gave up on a payment (expired it, or found no provider transaction
     * for it) the reconciler keeps asking the provider, so a late success still counts.
     */
    reconcileLookbackDays: env.RECONCILE_LOOKBACK_DAYS,
    /**
     * How often one instance reads Stripe's Events API for events whose webhook never arrived
     * (0: never); its first run reads back RECONCILE_LOOKBACK_DAYS, at most Stripe's 30.
     */
    stripeEventsIntervalSeconds: env.STRIPE_EVENTS_INTERVAL_SECONDS,
    translate: {
      provider: env.TRANSLATE_PROVIDER,
      deeplApiKey: env.DEEPL_API_KEY,
      deeplServerUrl: env.DEEPL_SERVER_URL,
      libreTranslateUrl: env.LIBRETRANSLATE_URL,
      libreTranslateApiKey: env.LIBRETRANSLATE_API_KEY,
      /** A translation still running after this is abandoned; the save it follows is never affected. */
      timeoutMs: env.TRANSLATE_TIMEOUT_MS,
    },
    redisUrl: env.REDIS_URL,
    /** How long another instance's catalogue changes may take to show here without Redis fan-out. */
    catalogCacheMs: env.CATALOG_CACHE_MS,
    live: {
      /**
       * Live streams one client address may hold. Voters on a mobile network often share one
       * address (carrier NAT), so this is generous; a refused page falls back to polling.
       */
      streamsPerAddress: env.LIVE_STREAMS_PER_ADDRESS,
      /** An idle stream gets a comment line this often, so proxies and phones keep it open. */
      heartbeatMs: env.LIVE_HEARTBEAT_MS,
    },
    /** What Prometheus sends as `Authorization: Bearer …` to GET /metrics; unset, metrics are off. */
    metricsToken: env.METRICS_TOKEN,
    outbox: {
      /**
       * How often the outbox worker looks for messages due (retries, and any a nudge after a
       * commit missed); 0 turns delivery off on this instance.
       */
      intervalMs: env.OUTBOX_INTERVAL_MS,
      /** One send still unanswered after this is abandoned and retried. */
      sendTimeoutMs: env.OUTBOX_SEND_TIMEOUT_MS,
      /** Attempts before a message is marked failed. */
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      /**
       * Where links in messages point: PUBLIC_URL, or the address the server announces for a
       * local run (production with a real channel refuses to start without PUBLIC_URL).
       */
      publicUrl: outboxPublicUrl,
      channels: {
        smtp:
          env.SMTP_URL && env.MAIL_FROM
            ? { url: env.SMTP_URL, from: env.MAIL_FROM, timeoutMs: env.OUTBOX_SEND_TIMEOUT_MS }
            : undefined,
        sms,
      },
      /**
       * The secrets SMS gateways put in the query of their delivery reports' URL; a route whose
       * token is unset answers 404. They hold whatever the gateway in use, so reports about
       * messages sent before a switch still land.
       */
      deliveryReportTokens: {
        orange: env.ORANGE_SMS_NOTIFY_TOKEN,
        africasTalking: env.AT_CALLBACK_TOKEN,
      },
    },
    warnings,
  };
}

/**
 * The address a server listening on `host`:`port` announces when PUBLIC_URL is unset, and the one
 * its messages link to, so a receipt's link opens what the terminal printed. A wildcard host
 * (all interfaces) is shown as localhost.
 */
export function listeningUrl(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** The SMS gateway's settings; the refinements above made sure the ones it needs are there. */
function smsSettings(env: z.output<typeof envSchema>, publicUrl: string): SmsSettings {
  switch (env.SMS_GATEWAY) {
    case 'orange':
      return {
        gateway: 'orange',
        orange: {
          baseUrl: env.ORANGE_SMS_BASE_URL.replace(/\/$/, ''),
          clientId: env.ORANGE_SMS_CLIENT_ID ?? '',
          clientSecret: env.ORANGE_SMS_CLIENT_SECRET ?? '',
          senderAddress: env.ORANGE_SMS_SENDER_ADDRESS ?? '',
          senderName: env.ORANGE_SMS_SENDER_NAME,
          notifyUrl: env.ORANGE_SMS_NOTIFY_TOKEN
            ? `${publicUrl}/api/webhooks/sms/orange?token=${env.ORANGE_SMS_NOTIFY_TOKEN}`
            : undefined,
        },
      };
    case 'africastalking':
      return {
        gateway: 'africastalking',
        africasTalking: {
          baseUrl: env.AT_BASE_URL.replace(/\/$/, ''),
          username: env.AT_USERNAME ?? '',
          apiKey: env.AT_API_KEY ?? '',
          senderId: env.AT_SENDER_ID,
        },
      };
    default:
      return { gateway: env.SMS_GATEWAY };
  }
}

/** `loadConfig` for the schema owner's tools: production does not ask them for PHONE_HASH_KEY. */
export function loadSchemaToolConfig(
  source: Record<string, string | undefined> = process.env,
): Config {
  return loadConfig(source, { schemaTool: true });
}

export type Config = ReturnType<typeof loadConfig>;
