import { createHash } from 'node:crypto';
import type { FormValue } from './stripe-form.js';

/** A Stripe error answer: the HTTP status and the `error` object of the body. */
export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      code?: string;
      param?: string;
      message: string;
      [k: string]: unknown;
    },
  ) {
    super(body.message);
  }
}

/**
 * A request refused before the endpoint began executing: its parameters failed validation.
 * Stripe saves no idempotent result for it, so the same key may be used again, even with
 * corrected parameters.
 */
export class StripeValidationError extends StripeHttpError {}

export type IdempotencyCheck =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'refuse'; error: StripeHttpError };

interface Entry {
  endpoint: string;
  fingerprint: string;
  /** Null while the first request with the key is still executing. */
  result: { status: number; body: string } | null;
}

/**
 * Stripe's idempotency layer for POST requests, as its API reference describes it: the status and
 * body of the first request with a key are saved once the endpoint began executing, whatever they
 * are (a 402 decline, a 400 from the endpoint's own checks, a 500), and replayed for a repeat with
 * the same parameters. Nothing is saved when the parameters fail validation, or when the key is in
 * use by a request still executing (a 409 the caller may retry). A key reused on another endpoint
 * or with other parameters is refused with a 400 `idempotency_error`.
 */
export class IdempotencyLayer {
  private readonly entries = new Map<string, Entry>();

  /** Claims `key` for a request about to execute, or says how to answer it instead. */
  begin(
    key: string,
    method: string,
    path: string,
    params: Record<string, FormValue>,
  ): IdempotencyCheck {
    const endpoint = `${method} ${path}`;
    const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex');
    const seen = this.entries.get(key);
    if (!seen) {
      this.entries.set(key, { endpoint, fingerprint, result: null });
      return { kind: 'new' };
    }
    if (seen.endpoint !== endpoint) {
      return {
        kind: 'refuse',
        error: new StripeHttpError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      };
    }
    if (seen.fingerprint !== fingerprint) {
      return {
        kind: 'refuse',
        error: new StripeHttpError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      };
    }
    if (!seen.result) {
      return {
        kind: 'refuse',
        error: new StripeHttpError(409, {
          type: 'idempotency_error',
          message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        }),
      };
    }
    return { kind: 'replay', ...seen.result };
  }

  /** The endpoint ran: its answer is the key's answer from now on. */
  save(key: string, status: number, body: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.result = { status, body };
  }

  /** The request never began executing (validation): the key is free again. */
  release(key: string): void {
    const entry = this.entries.get(key);
    if (entry && !entry.result) this.entries.delete(key);
  }
}
