import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxMessages } from '#server/db/schema.js';
import type { ReceiptLookupResponse } from '#shared/schemas/receipt.js';
import { call, type Answer } from './call-app.js';

type Contact = { email: string } | { phoneNumber: string };

/**
 * The newest one-time lookup code the app sent to `recipient` (an e-mail address, or a phone in
 * E.164), read from the outbox message that carries it; null when none was sent.
 */
export async function sentLookupCode(
  app: FastifyInstance,
  recipient: string,
): Promise<string | null> {
  const [message] = await app.ctx.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.kind, 'lookup-code')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message ? (/\b(\d{6})\b/.exec(message.body)?.[1] ?? null) : null;
}

/** A voter's receipts as the site lists them: a code asked for, read from the outbox, then used. */
export async function lookupWithCode(
  app: FastifyInstance,
  contact: Contact,
  options: { recipient?: string } = {},
): Promise<Answer<ReceiptLookupResponse>> {
  await call(app, { method: 'POST', url: '/api/receipts/lookup/code', json: contact });
  const recipient =
    options.recipient ?? ('email' in contact ? contact.email : `+${contact.phoneNumber}`);
  const code = await sentLookupCode(app, recipient);
  if (!code) throw new Error(`no lookup code was sent to ${recipient}`);
  return call<ReceiptLookupResponse>(app, {
    method: 'POST',
    url: '/api/receipts/lookup',
    json: { ...contact, code },
  });
}
