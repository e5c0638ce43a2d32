import { describe, expect, it } from 'vitest';
import { messageState } from './message-state';

describe('messageState', () => {
  it('reads the delivery report first, then the outbox’s state', () => {
    expect(messageState({ state: 'sent', deliveryStatus: 'delivered', lastError: null })).toBe(
      'delivered',
    );
    expect(messageState({ state: 'sent', deliveryStatus: 'undeliverable', lastError: null })).toBe(
      'undeliverable',
    );
    expect(messageState({ state: 'sent', deliveryStatus: 'submitted', lastError: null })).toBe(
      'sent',
    );
    expect(messageState({ state: 'sandbox', deliveryStatus: null, lastError: null })).toBe(
      'sandbox',
    );
    expect(messageState({ state: 'failed', deliveryStatus: null, lastError: 'refused' })).toBe(
      'failed',
    );
  });

  it('tells a message waiting for its first send from one waiting to be tried again', () => {
    expect(messageState({ state: 'pending', deliveryStatus: null, lastError: null })).toBe(
      'queued',
    );
    expect(messageState({ state: 'pending', deliveryStatus: null, lastError: 'timeout' })).toBe(
      'retrying',
    );
  });
});
