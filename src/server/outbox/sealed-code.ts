import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { LOOKUP_CODE_DIGITS } from '#shared/schemas/receipt.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** `sealed` and the hex of the IV, the code's ciphertext (as long as the code) and the GCM tag. */
export const SEALED_CODE_PATTERN = `sealed[0-9a-f]{${(IV_BYTES + LOOKUP_CODE_DIGITS + TAG_BYTES) * 2}}`;
const SEALED = new RegExp(SEALED_CODE_PATTERN, 'g');

/**
 * A lookup code written into an outbox message as ciphertext, opened only by the worker as it
 * hands the message to a gateway: the table's plain text never holds a live code (ADR 0061), and
 * whoever reads the outbox, a backup or a replica needs the key too. The token is letters and
 * digits only, so the SMS alphabet and HTML escaping leave it as written.
 */
export interface CodeSeal {
  seal(code: string): string;
  /** `text` with each sealed code opened; a token this key did not seal is left as it is. */
  open(text: string): string;
}

/** The seal's AES-256-GCM key is derived from `secret` (the phone hash key) for this use only. */
export function createCodeSeal(secret: string): CodeSeal {
  const key = createHmac('sha256', secret).update('outbox-lookup-code-seal').digest();
  return {
    seal(code) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return `sealed${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('hex')}`;
    },
    open(text) {
      return text.replace(SEALED, (token) => {
        const bytes = Buffer.from(token.slice('sealed'.length), 'hex');
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
          decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
          const code = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
          return Buffer.concat([decipher.update(code), decipher.final()]).toString('utf8');
        } catch {
          return token;
        }
      });
    },
  };
}
