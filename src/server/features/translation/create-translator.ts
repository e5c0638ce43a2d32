import type { Config } from '#server/config.js';
import { DeepLTranslator } from './deepl-translator.js';
import { LibreTranslateTranslator } from './libretranslate-translator.js';
import type { Translator } from './translator.js';

/** The configured provider, or null: without one nothing is invented and French stays empty. */
export function createTranslator(settings: Config['translate']): Translator | null {
  if (settings.provider === 'deepl' && settings.deeplApiKey) {
    return new DeepLTranslator(settings.deeplApiKey, settings.deeplServerUrl, settings.timeoutMs);
  }
  if (settings.provider === 'libretranslate' && settings.libreTranslateUrl) {
    return new LibreTranslateTranslator(settings.libreTranslateUrl, settings.libreTranslateApiKey);
  }
  return null;
}
