import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '#shared/language-cookie.js';
import { isLanguage, type Language } from '#shared/limits.js';

/**
 * The language the page's script will choose for this visitor (client/lib/language.ts): the
 * choice they made (its cookie), else French when the browser's first language is French, else
 * English. A page the server draws is drawn in it, so the script finds the same words there.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const first = request.headers['accept-language']?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}
