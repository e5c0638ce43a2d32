import { z } from 'zod';
import type { VoterText } from '#server/http/voter-text.js';
import { PaymentRefused, ProviderUnavailable } from './provider-errors.js';

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

const transactionSchema = z.object({
  reference: z.string().min(1),
  status: z.string(),
  // Seen both as a number and as a numeric string.
  amount: z.union([z.number(), z.string()]).transform(Number),
  currency: z.string(),
  operator: z.string().nullish(),
  code: z.string().nullish(),
  operator_reference: z.string().nullish(),
  external_reference: z.string().nullish(),
  reason: z.string().nullish(),
});
export type CampayTransaction = z.infer<typeof transactionSchema>;

const errorBodySchema = z.object({
  message: z.string().optional(),
  error_code: z.string().optional(),
});

/** Voter-facing texts for the error codes Campay documents; anything else gets a generic one. */
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
  ER301: {
    en: 'Insufficient balance on the mobile-money account. Top up and try again.',
    fr: 'Solde insuffisant sur le compte mobile money. Rechargez-le et réessayez.',
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
    options: { notFoundIsNull?: boolean } = {},
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token();
      const response = await this.request(method, path, body, { Authorization: `Token ${token}` });
      // An expired token is refused before anything is processed, so one retry is safe.
      if (response.status === 401 && attempt === 0 && !this.options.token) {
        this.cachedToken = undefined;
        continue;
      }
      if (response.status === 404 && options.notFoundIsNull) return null;
      if (response.ok) return response.body;
      throw this.errorFrom(response.status, response.body);
    }
  }

  private errorFrom(status: number, body: unknown): Error {
    const parsed = errorBodySchema.safeParse(body);
    const code = parsed.success ? parsed.data.error_code : undefined;
    const refusal = code ? CAMPAY_REFUSALS[code] : undefined;
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

function networkError(error: unknown): ProviderUnavailable {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderUnavailable(
      {
        en: 'The mobile money service did not answer in time. If you received a prompt on your phone, complete it; otherwise try again.',
        fr: "Le service mobile money n'a pas répondu à temps. Si vous avez reçu une demande sur votre téléphone, validez-la ; sinon, réessayez.",
      },
      'timeout',
    );
  }
  return new ProviderUnavailable(
    {
      en: 'Could not reach the mobile money service. Please check back in a moment.',
      fr: 'Impossible de joindre le service mobile money. Réessayez dans un instant.',
    },
    'network',
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
