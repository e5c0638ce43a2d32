/** Machine translation from English to French, one batch of texts per call, in order. */
export interface Translator {
  readonly name: string;
  translate(texts: string[], signal: AbortSignal): Promise<string[]>;
}

export class TranslationError extends Error {}
