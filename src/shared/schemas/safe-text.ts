import { z } from 'zod';

/** Marks the issue safeText raises, so a route can answer it in the voter's language. */
const FORBIDDEN_CHARACTERS = 'forbidden-characters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether `value` holds a character no form has a use for: a C0 control character or DEL
 * (PostgreSQL refuses NUL outright, and the others are invisible in every screen that shows the
 * text), or half of a UTF-16 surrogate pair, which is not a character at all (stored, it becomes
 * U+FFFD; inside JSON, PostgreSQL refuses it). Multi-line text keeps its line breaks and tabs.
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      const lineBreakOrTab = code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN;
      if (!(multiline && lineBreakOrTab)) return true;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

export interface SafeTextOptions {
  /** Message when the value is not text at all. */
  error?: string;
  /** Names the field in the message: 'Name contains characters that are not allowed'. */
  label?: string;
  /** Descriptions and bios: line breaks and tabs are allowed. */
  multiline?: boolean;
  /**
   * Trim surrounding white space before checking, so a trailing line break in a one-line field is
   * dropped rather than refused.
   */
  trim?: boolean;
}

/**
 * Every free-text field that reaches the server is one of these: a string that refuses control
 * characters and lone surrogates (see hasForbiddenCharacters). Further rules chain on it as on
 * any string schema (`safeText({ trim: true }).min(1).max(255)`).
 */
export function safeText(options: SafeTextOptions = {}) {
  const text = z.string(options.error === undefined ? undefined : { error: options.error });
  return (options.trim ? text.trim() : text).refine(
    (value) => !hasForbiddenCharacters(value, options.multiline),
    {
      message: `${options.label ?? 'text'} contains characters that are not allowed`,
      params: { reason: FORBIDDEN_CHARACTERS },
    },
  );
}

/** Whether a validation issue is safeText's refusal. */
export function isForbiddenCharactersIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.reason === FORBIDDEN_CHARACTERS;
}
