import { MessageSendError } from './message-channel.js';

/** What an SMS gateway answered: its status, Retry-After in ms when it said, and its JSON body. */
export interface GatewayAnswer {
  status: number;
  retryAfterMs: number | undefined;
  /** The parsed JSON, or null when the body was empty or not JSON. */
  body: unknown;
}

/**
 * One HTTP request to a gateway with Node's fetch, given up when `signal` aborts (the outbox's
 * time limit on a send). No answer at all (refused, reset, timed out) is worth trying again: the
 * gateway may or may not have taken the message, and the message's id lets it recognise a repeat.
 */
export async function callGateway(
  name: string,
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
  signal: AbortSignal,
): Promise<GatewayAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal, redirect: 'error' });
    text = await response.text();
  } catch (error) {
    const what = signal.aborted ? 'no answer in time' : errorText(error);
    throw new MessageSendError('retryable', `${name}: ${what}`, { cause: error });
  }
  return {
    status: response.status,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    body: parseJson(text),
  };
}

/** Retry-After as seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const base = error instanceof Error ? error.message : String(error);
  return cause?.code ? `${base} (${cause.code})` : base;
}
