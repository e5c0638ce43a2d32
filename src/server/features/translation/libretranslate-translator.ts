import { TranslationError, type Translator } from './translator.js';

/**
 * LibreTranslate's HTTP API: POST /translate with JSON `{ q, source, target, format, api_key }`.
 * `q` may be an array, answered by an array `translatedText` in the same order.
 */
export class LibreTranslateTranslator implements Translator {
  readonly name = 'libretranslate';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
  ) {}

  async translate(texts: string[], signal: AbortSignal): Promise<string[]> {
    const response = await fetch(new URL('translate', `${this.baseUrl.replace(/\/$/, '')}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        q: texts,
        source: 'en',
        target: 'fr',
        format: 'text',
        ...(this.apiKey ? { api_key: this.apiKey } : {}),
      }),
      signal,
    });
    const body = (await response.json().catch(() => null)) as {
      translatedText?: unknown;
      error?: unknown;
    } | null;
    if (!response.ok) {
      const reason = typeof body?.error === 'string' ? body.error : response.statusText;
      throw new TranslationError(`LibreTranslate answered ${response.status}: ${reason}`);
    }
    const translated = body?.translatedText;
    const list = typeof translated === 'string' ? [translated] : translated;
    if (
      !Array.isArray(list) ||
      list.length !== texts.length ||
      !list.every((t): t is string => typeof t === 'string')
    ) {
      throw new TranslationError('LibreTranslate answered with an unexpected body');
    }
    return list;
  }
}
