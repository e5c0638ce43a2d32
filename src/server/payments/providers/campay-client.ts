import { z } from 'zod';
import type { VoterText } from '#server/http/voter-text.js';
import { PaymentRefused, ProviderUnavailable, ProviderUnreached } from './provider-errors.js';

export interface CampayClientOptions {
  /** e.g. https://demo.campay.net/api (no trailing slash). */
  baseUrl: string;
  /** A permanent access token from the Campay dashboard; else username + password are used. */
  token?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  timeoutMs: number;
}

const tokenResponseSchema = z.object({
  token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const collectResponseSchema = z.object({
  reference: z.string().min(1),
  ussd_code: z.string().nullish(),
  operator: z.string().nullish(),
});

/** An amount Campay sends as a number or as a numeric string ("100", "100.0"). */
const amountSchema = z
  .union([z.number(), z.string().trim().min(1)])
  .pipe(z.coerce.number())
  .refine(Number.isFinite);

const transactionSchema = z.object({
  reference: z.string().min(1),
  status: z.string(),
  amount: amountSchema,
  currency: z.string(),
  operator: z.string().nullish(),
  code: z.string().nullish(),
  operator_reference: z.string().nullish(),
  external_reference: z.string().nullish(),
  reason: z.string().nullish(),
  /** `collect` or `withdraw` where Campay says which API made the transaction. */
  endpoint: z.string().nullish(),
});
export type CampayTransaction = z.infer<typeof transactionSchema>;

const withdrawResponseSchema = z.object({
  reference: z.string().min(1),
  status: z.string().nullish(),
});
export type CampayWithdrawal = z.infer<typeof withdrawResponseSchema>;

const historyEntrySchema = z.object({
  datetime: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  code: z.string().nullish(),
  operator_tx_code: z.string().nullish(),
  operator: z.string().nullish(),
  phone_number: z.string().nullish(),
  description: z.string().nullish(),
  external_user: z.string().nullish(),
  amount: amountSchema,
  /** Campay's charge in XAF as it reports it, which may be fractional. */
  charge_amount: amountSchema.nullish(),
  debit: amountSchema.nullish(),
  credit: amountSchema.nullish(),
  status: z.string(),
  reference_uuid: z.string().min(1),
});
export type CampayHistoryEntry = z.infer<typeof historyEntrySchema>;

// Campay wraps the list in `data`; a bare list is taken too.
const historyResponseSchema = z
  .union([z.object({ data: z.array(historyEntrySchema) }), z.array(historyEntrySchema)])
  .transform((body) => (Array.isArray(body) ? body : body.data));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const errorBodySchema = z.object({
  message: z.string().optional(),
  error_code: z.string().optional(),
});

/**
 * Voter-facing texts for the error codes Campay documents for a collect request; anything else
 * gets a generic one. A voter's empty wallet or declined prompt is not among them: Campay accepts
 * the request, and the transaction later turns FAILED with a reason (see failure-reason.ts).
 */
export const CAMPAY_REFUSALS: Record<string, VoterText> = {
  ER101: {
    en: 'This phone number is not a valid mobile-money number. Check it and try again.',
    fr: "Ce numéro n'est pas un numéro mobile money valide. Vérifiez-le et réessayez.",
  },
  ER102: {
    en: 'This operator is not supported. Please use an MTN Mobile Money or Orange Money number.',
    fr: "Cet opérateur n'est pas pris en charge. Utilisez un numéro MTN Mobile Money ou Orange Money.",
  },
  ER201: {
    en: 'This amount cannot be paid by mobile money.',
    fr: 'Ce montant ne peut pas être payé par mobile money.',
  },
};

/**
 * A withdrawal sends the app's money to a number, so its refusals speak to the organiser. ER301
 * is Campay's "insufficient balance": the app's balance for that carrier is below the amount.
 */
export const CAMPAY_WITHDRAWAL_REFUSALS: Record<string, VoterText> = {
  ER101: {
    en: 'This phone number is not a valid mobile-money number, so no money was sent.',
    fr: "Ce numéro n'est pas un numéro mobile money valide : aucun argent n'a été envoyé.",
  },
  ER102: {
    en: "Campay cannot send money to this number's operator, so no money was sent.",
    fr: "Campay ne peut pas envoyer d'argent à l'opérateur de ce numéro : aucun argent n'a été envoyé.",
  },
  ER201: {
    en: 'Campay refused this amount, so no money was sent.',
    fr: "Campay a refusé ce montant : aucun argent n'a été envoyé.",
  },
  ER301: {
    en: "The Campay account's balance for this operator is below the amount, so no money was sent. Top it up and try again.",
    fr: "Le solde du compte Campay pour cet opérateur est inférieur au montant : aucun argent n'a été envoyé. Rechargez-le et réessayez.",
  },
};

/** A token from POST /token/ is valid 3600 s; renew a minute early so a request never races expiry. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * A small typed client for the part of Campay's REST API we use. There is no official Node SDK.
 * Network failures and timeouts become `ProviderUnavailable` (Campay may or may not have acted);
 * documented refusals become `PaymentRefused` (it certainly did not).
 */
export class CampayClient {
  private cachedToken: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: CampayClientOptions) {}

  async collect(input: {
    amount: number;
    currency: 'XAF';
    from: string;
    description: string;
    externalReference: string;
  }): Promise<z.infer<typeof collectResponseSchema>> {
    const body = await this.call('POST', '/collect/', {
      amount: input.amount,
      currency: input.currency,
      from: input.from,
      description: input.description,
      external_reference: input.externalReference,
    });
    return this.parse(collectResponseSchema, body, 'collect');
  }

  /**
   * Sends the app's money to `to` (a refund, say). Campay takes no idempotency key: after a
   * timeout (`ProviderUnavailable`) the money may or may not be on its way, so look the
   * transaction up (by its reference, or in history()) before asking again.
   */
  async withdraw(input: {
    amount: number;
    currency: 'XAF';
    to: string;
    description: string;
    externalReference: string;
  }): Promise<CampayWithdrawal> {
    const body = await this.call(
      'POST',
      '/withdraw/',
      {
        amount: input.amount,
        currency: input.currency,
        to: input.to,
        description: input.description,
        external_reference: input.externalReference,
      },
      { refusals: CAMPAY_WITHDRAWAL_REFUSALS },
    );
    return this.parse(withdrawResponseSchema, body, 'withdraw');
  }

  /**
   * The app's transactions (collections and withdrawals) made from `from` to `to`, both whole
   * days (YYYY-MM-DD) and both included, as Campay's history lists them.
   */
  async history(range: { from: string; to: string }): Promise<CampayHistoryEntry[]> {
    if (!DAY.test(range.from) || !DAY.test(range.to)) {
      throw new Error(`Campay history: dates must be YYYY-MM-DD, got ${range.from}..${range.to}`);
    }
    const body = await this.call('POST', '/history/', {
      start_date: range.from,
      end_date: range.to,
    });
    return this.parse(historyResponseSchema, body, 'history');
  }

  /** Null when Campay does not know the reference. */
  async transaction(reference: string): Promise<CampayTransaction | null> {
    const body = await this.call(
      'GET',
      `/transaction/${encodeURIComponent(reference)}/`,
      undefined,
      {
        notFoundIsNull: true,
      },
    );
    return body === null ? null : this.parse(transactionSchema, body, 'transaction');
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ProviderUnavailable(
        {
          en: `The mobile money service sent an unexpected ${what} answer.`,
          fr: 'Le service mobile money a répondu de façon inattendue.',
        },
        'bad_response',
      );
    }
    return parsed.data;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: { notFoundIsNull?: boolean; refusals?: Record<string, VoterText> } = {},
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let token: string;
      try {
        token = await this.token();
      } catch (error) {
        // Without a token the request itself was never sent.
        throw error instanceof ProviderUnavailable && !(error instanceof ProviderUnreached)
          ? new ProviderUnreached(error.texts, error.code)
          : error;
      }
      const response = await this.request(method, path, body, { Authorization: `Token ${token}` });
      // An expired token is refused before anything is processed, so one retry is safe.
      if (response.status === 401 && attempt === 0 && !this.options.token) {
        this.cachedToken = undefined;
        continue;
      }
      if (response.status === 404 && options.notFoundIsNull) return null;
      if (response.ok) return response.body;
      throw this.errorFrom(response.status, response.body, options.refusals);
    }
  }

  private errorFrom(
    status: number,
    body: unknown,
    refusals: Record<string, VoterText> = CAMPAY_REFUSALS,
  ): Error {
    const parsed = errorBodySchema.safeParse(body);
    const code = parsed.success ? parsed.data.error_code : undefined;
    const refusal = code ? refusals[code] : undefined;
    if (code && refusal) return new PaymentRefused(refusal, code);
    if (status === 401 || status === 403) {
      return new ProviderUnavailable(
        {
          en: 'The mobile money service refused our credentials. Please try again later.',
          fr: 'Le service mobile money est indisponible pour le moment. Veuillez réessayer plus tard.',
        },
        'auth',
      );
    }
    if (status === 400 && code) {
      // Campay's own wording is English only: French readers get the sentence without it.
      const detail = parsed.success && parsed.data.message ? `: ${parsed.data.message}` : '';
      return new PaymentRefused(
        {
          en: `Mobile money payment was refused${detail}`,
          fr: 'Le paiement Mobile Money a été refusé. Vérifiez le numéro et réessayez.',
        },
        code,
      );
    }
    return new ProviderUnavailable(
      {
        en: 'The mobile money service is temporarily unavailable. Please try again.',
        fr: 'Le service mobile money est momentanément indisponible. Veuillez réessayer.',
      },
      `http_${status}`,
    );
  }

  private async token(): Promise<string> {
    if (this.options.token) return this.options.token;
    if (this.cachedToken && this.cachedToken.expiresAt > Date.now()) return this.cachedToken.value;
    // Concurrent payments share one token request.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const response = await this.request('POST', '/token/', {
      username: this.options.username,
      password: this.options.password,
    });
    if (!response.ok) throw this.errorFrom(response.status >= 500 ? response.status : 401, null);
    const { token, expires_in: expiresIn = 3600 } = this.parse(
      tokenResponseSchema,
      response.body,
      'token',
    );
    this.cachedToken = {
      value: token,
      expiresAt: Date.now() + Math.max(0, expiresIn * 1000 - TOKEN_MARGIN_MS),
    };
    return token;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; ok: boolean; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw networkError(error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkError(error);
    }
    return { status: response.status, ok: response.ok, body: parseJson(text) };
  }
}

/**
 * Failures before a connection was made, so before a byte of the request left: refused, no such
 * host, no route, or the connection not made in time. A reset or a close after connecting is not
 * among them: the request may have been read.
 */
const UNREACHED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function networkError(error: unknown): ProviderUnavailable {
  const name = (error as { name?: string }).name;
  // fetch reports a network failure as a TypeError whose cause carries the system's code.
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code === 'string' && UNREACHED_CODES.has(code)) {
    return new ProviderUnreached(NOT_REACHED_TEXTS, 'network');
  }
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderUnavailable(
      {
        en: 'The mobile money service did not answer in time. If you received a prompt on your phone, complete it; otherwise try again.',
        fr: "Le service mobile money n'a pas répondu à temps. Si vous avez reçu une demande sur votre téléphone, validez-la ; sinon, réessayez.",
      },
      'timeout',
    );
  }
  return new ProviderUnavailable(NOT_REACHED_TEXTS, 'network');
}

const NOT_REACHED_TEXTS: VoterText = {
  en: 'Could not reach the mobile money service. Please check back in a moment.',
  fr: 'Impossible de joindre le service mobile money. Réessayez dans un instant.',
};

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
