import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/limits';

/*
 * Each language stands alone: a page loads only its own language's texts (no fallback to
 * English), so every key must exist in every language, and every counted text must have each
 * plural form that language's rules choose (French takes "many" for 1 000 000: "de votes").
 */
const localesDir = new URL('./', import.meta.url);

type Texts = { [key: string]: string | Texts };

function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function read(language: string, namespace: string): Texts {
  return JSON.parse(readFileSync(new URL(`${language}/${namespace}`, localesDir), 'utf8')) as Texts;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const namespaces = readdirSync(new URL('en/', localesDir)).filter((name) => name.endsWith('.json'));

describe.each(namespaces)('the %s texts', (namespace) => {
  const baseKeys = (language: string) => {
    const keys = keysOf(read(language, namespace));
    return [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();
  };

  it('name the same texts in every language', () => {
    for (const language of LANGUAGES) expect(baseKeys(language)).toEqual(baseKeys('en'));
  });

  it.each(LANGUAGES)('give every plural form %s needs', (language) => {
    const keys = new Set(keysOf(read(language, namespace)));
    const counted = [...keys]
      .filter((key) => PLURAL.test(key))
      .map((key) => key.replace(PLURAL, ''));
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = [...new Set(counted)].flatMap((base) =>
      forms.filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${base}_${form}`),
    );
    expect(missing).toEqual([]);
  });
});
