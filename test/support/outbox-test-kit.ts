import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { MessageSendError, type OutgoingMessage } from '#server/outbox/message-channel.js';

/** Test helpers shared by the message channels' suites. */

/** A message as the worker hands it to a channel: an English SMS receipt unless `overrides` say. */
export function outgoingMessage(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: randomUUID(),
    channel: 'sms',
    recipient: '+237677112233',
    language: 'en',
    kind: 'receipt',
    subject: null,
    body: 'Palmares receipt ABC123: 4 votes',
    html: null,
    ...overrides,
  };
}

/** What a send threw, or a failure of the test if it resolved. */
export async function sendRefusal(promise: Promise<unknown>): Promise<MessageSendError> {
  const error = await promise.then(
    () => new Error('the send was expected to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessageSendError);
  return error as MessageSendError;
}
