import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '#shared/limits.js';

/**
 * A message a voter may read in a toast. The site speaks English and French, so its errors do too:
 * the client sends its chosen language as Accept-Language, and the error handler answers in it.
 * Logs and stored failure reasons keep the English text.
 */
export type VoterText = Record<Language, string>;

/** The caller's preferred site language from Accept-Language (highest q wins; English otherwise). */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) return 'en';
  let best: { language: Language; q: number } = { language: 'en', q: 0 };
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const language = LANGUAGES.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (language && Number.isFinite(q) && q > best.q) best = { language, q };
  }
  return best.language;
}

export const PAYMENT_NOT_FOUND: VoterText = {
  en: 'Payment not found.',
  fr: 'Paiement introuvable.',
};

export const EMAIL_REQUIRED: VoterText = {
  en: 'Please enter your email address to complete payment.',
  fr: 'Veuillez saisir votre adresse e-mail pour finaliser le paiement.',
};

export const SOMETHING_WENT_WRONG: VoterText = {
  en: 'Something went wrong. Please try again.',
  fr: 'Une erreur est survenue. Veuillez réessayer.',
};

export const TEXT_NOT_ALLOWED: VoterText = {
  en: 'The text contains characters that are not allowed.',
  fr: 'Le texte contient des caractères non autorisés.',
};

export const BODY_NOT_UTF8: VoterText = {
  en: 'The request is not valid UTF-8 text.',
  fr: "La requête n'est pas un texte UTF-8 valide.",
};

export const SERVICE_UNAVAILABLE: VoterText = {
  en: 'The service is briefly unavailable. Please try again in a moment.',
  fr: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
};

export const tooManyRequests = (seconds: number): VoterText => ({
  en: `Too many requests. Please wait ${seconds} seconds and try again.`,
  fr: `Trop de demandes. Veuillez patienter ${seconds} secondes et réessayer.`,
});

const STATUS_FR: Record<string, string> = {
  pending: 'en attente',
  completed: 'terminé',
  failed: 'échoué',
  refunded: 'remboursé',
  disputed: 'contesté',
  needs_review: 'en vérification',
};

/** "This payment is already completed." (`detail`: what can no longer change, in English logs). */
export function paymentAlready(status: string, detail?: string): VoterText {
  const fr = STATUS_FR[status] ?? status;
  return detail
    ? {
        en: `This payment is already ${status}; its ${detail} can no longer change.`,
        fr: `Ce paiement est déjà ${fr} et ne peut plus être modifié.`,
      }
    : { en: `This payment is already ${status}.`, fr: `Ce paiement est déjà ${fr}.` };
}

export function noReceiptFor(status: string): VoterText {
  return {
    en: `This payment is ${status}; it has no receipt.`,
    fr: `Ce paiement est ${STATUS_FR[status] ?? status} : il n'a pas de reçu.`,
  };
}
