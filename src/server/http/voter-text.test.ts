import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { requestLanguage } from './voter-text.js';

const withHeader = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'accept-language': value } }) as FastifyRequest;

describe('voter texts', () => {
  it('reads the preferred site language from Accept-Language', () => {
    expect(requestLanguage(withHeader())).toBe('en');
    expect(requestLanguage(withHeader('fr'))).toBe('fr');
    expect(requestLanguage(withHeader('fr-CM,fr;q=0.9,en;q=0.8'))).toBe('fr');
    expect(requestLanguage(withHeader('en-US,en;q=0.9,fr;q=0.8'))).toBe('en');
    expect(requestLanguage(withHeader('de, fr;q=0.5'))).toBe('fr');
    expect(requestLanguage(withHeader('fr;q=0, en;q=0.1'))).toBe('en');
    expect(requestLanguage(withHeader('french, *'))).toBe('en');
    expect(requestLanguage(withHeader('fr;q=abc'))).toBe('en');
  });

  it('gives an HttpError its text in the asked language, English for plain messages', () => {
    const bilingual = new HttpError(404, { en: 'Receipt not found', fr: 'Reçu introuvable' });
    expect(bilingual.message).toBe('Receipt not found');
    expect(bilingual.messageIn('fr')).toBe('Reçu introuvable');
    expect(new HttpError(400, 'Invalid payment').messageIn('fr')).toBe('Invalid payment');
  });
});
