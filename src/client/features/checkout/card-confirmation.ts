/** What confirming a card with the provider (Stripe or the sandbox) came to. */
export type CardConfirmation =
  | { ok: true; paymentIntentId: string }
  /** The provider said no; `message` is its own wording ('Your card was declined.'). */
  | { ok: false; message: string };

/** What a card form hands the page when the voter presses Pay. */
export interface CardPayHandlers {
  /** Checks the form's own fields; says what is wrong and returns false when not ready. */
  validate: () => Promise<boolean>;
  /** Charges the card for the pending payment. Throws only on unexpected failures. */
  confirm: (paymentId: string) => Promise<CardConfirmation>;
}
