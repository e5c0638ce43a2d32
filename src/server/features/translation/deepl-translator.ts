import * as deepl from 'deepl-node';
import { TranslationError, type Translator } from './translator.js';

/** DeepL through its official SDK; DEEPL_SERVER_URL points it elsewhere (a proxy, or tests). */
export class DeepLTranslator implements Translator {
  readonly name = 'deepl';
  private readonly client: deepl.Translator;

  constructor(apiKey: string, serverUrl: string | undefined, timeoutMs: number) {
    this.client = new deepl.Translator(apiKey, {
      ...(serverUrl ? { serverUrl } : {}),
      maxRetries: 1,
      minTimeout: Math.max(1000, Math.floor(timeoutMs / 2)),
    });
  }

  async translate(texts: string[], signal: AbortSignal): Promise<string[]> {
    // The SDK takes no AbortSignal: race it, so a hung request cannot outlive the deadline.
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new TranslationError('DeepL did not answer in time'));
      if (signal.aborted) fail();
      signal.addEventListener('abort', fail, { once: true });
    });
    const results = await Promise.race([this.client.translateText(texts, 'en', 'fr'), aborted]);
    return results.map((result) => result.text);
  }
}
