import {
  emailSchema,
  totalVotesOf,
  type CardPaymentRequest,
  type CardPaymentResponse,
  type NominationVote,
} from '#shared/schemas/payment';
import type { CheckoutChallenge } from '#shared/schemas/card-checkout';
import { ApiError } from '#client/lib/api-error';
import { apiErrorDetails } from '#client/lib/api-error-details';
import { selectionKey } from './vote-selection';

/** The intent follows the split 300 ms after it settles, the e-mail 800 ms after. */
const INTENT_DEBOUNCE_MS = 300;
const EMAIL_DEBOUNCE_MS = 800;

export interface CardIntentApi {
  prepare: (request: CardPaymentRequest) => Promise<CardPaymentResponse>;
  saveEmail: (paymentId: string, voterEmail: string) => Promise<void>;
  deviceInfo: () => CardPaymentRequest['deviceInfo'];
  /** A background set-up failed: the server's refusal, or 'Payment Setup Failed'. */
  onSetupFailed: (error: unknown) => void;
}

export interface CardIntentView {
  paymentId: string | null;
  clientSecret: string | null;
  preparing: boolean;
  /** Bumped each time the server updated the intent, so a card form can refresh its amount. */
  version: number;
  /** The challenge the server asks before it starts a card payment, until it is passed. */
  challenge: CheckoutChallenge | null;
}

export interface CardIntentDesired {
  /** Card is the chosen method; nothing is created for voters paying by mobile money. */
  enabled: boolean;
  lines: readonly NominationVote[];
  email: string;
}

const EMPTY_VIEW: CardIntentView = {
  paymentId: null,
  clientSecret: null,
  preparing: false,
  version: 0,
  challenge: null,
};

/** The challenge a refusal asks for, if that is what it is. */
const challengeOf = (error: unknown): CheckoutChallenge | null => {
  const details = apiErrorDetails(error);
  return details && !Array.isArray(details) ? (details.challenge ?? null) : null;
};

function validEmail(email: string): string | null {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

/**
 * Keeps one pending card payment in step with the page: created or updated
 * 300 ms after the vote split changes, and only when it did; the e-mail sent 800 ms after it
 * changes. The server updates the payment named by paymentId instead of making a new one, so a
 * voter adjusting the steppers leaves no orphan payments behind.
 *
 * Calls are serialised: a change made while one is in flight waits for it, and so reuses the
 * payment id it returns.
 */
export class CardIntentSync {
  private view: CardIntentView = EMPTY_VIEW;
  private readonly listeners = new Set<() => void>();
  private desired: CardIntentDesired = { enabled: false, lines: [], email: '' };
  private desiredKey = '';
  private sentKey: string | null = null;
  private sentEmail: string | null = null;
  private intentTimer: ReturnType<typeof setTimeout> | undefined;
  private emailTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private generation = 0;

  constructor(private readonly api: CardIntentApi) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getView = (): CardIntentView => this.view;

  update(desired: CardIntentDesired): void {
    const key = selectionKey(desired.lines);
    const splitChanged = key !== this.desiredKey || desired.enabled !== this.desired.enabled;
    const emailChanged = desired.email !== this.desired.email;
    this.desired = desired;
    this.desiredKey = key;
    if (splitChanged) {
      clearTimeout(this.intentTimer);
      if (this.needsPrepare()) {
        this.intentTimer = setTimeout(() => void this.prepare(false), INTENT_DEBOUNCE_MS);
      }
    }
    if (emailChanged) this.scheduleEmail();
  }

  /**
   * Before paying: the payment brought up to date with the split and e-mail now, not after the
   * debounce. Returns its id, or null when it could not be set up. The server's refusals and
   * e-mail errors are thrown.
   */
  async flush(): Promise<string | null> {
    clearTimeout(this.intentTimer);
    clearTimeout(this.emailTimer);
    const runId = this.generation;
    try {
      await this.prepare(true);
    } catch (error) {
      // A refusal the server explained (a limit, a challenge to pass) is the voter's to read.
      if (error instanceof ApiError && error.body && error.status < 500) throw error;
      return null;
    }
    const paymentId = this.view.paymentId;
    if (runId !== this.generation || !paymentId || this.sentKey !== this.desiredKey) return null;
    const email = validEmail(this.desired.email);
    if (email && email !== this.sentEmail) {
      await this.api.saveEmail(paymentId, email);
      this.sentEmail = email;
    }
    return paymentId;
  }

  /** The challenge was passed: the payment is set up again at once. */
  retry(): void {
    this.setView({ ...this.view, challenge: null });
    clearTimeout(this.intentTimer);
    if (this.needsPrepare()) void this.prepare(false);
  }

  /** The payment completed: the next purchase starts a fresh one. */
  forget(): void {
    this.dispose();
    this.sentKey = null;
    this.sentEmail = null;
    this.setView(EMPTY_VIEW);
  }

  /** Stops pending work. The next update() counts as a change, so a remount picks up again. */
  dispose(): void {
    this.generation += 1;
    clearTimeout(this.intentTimer);
    clearTimeout(this.emailTimer);
    this.desired = { enabled: false, lines: [], email: '' };
    this.desiredKey = '';
  }

  private needsPrepare(): boolean {
    return (
      this.desired.enabled && this.desired.lines.length > 0 && this.desiredKey !== this.sentKey
    );
  }

  private setView(view: CardIntentView): void {
    this.view = view;
    this.listeners.forEach((listener) => listener());
  }

  private scheduleEmail(): void {
    clearTimeout(this.emailTimer);
    const email = validEmail(this.desired.email);
    const paymentId = this.view.paymentId;
    if (!this.desired.enabled || !paymentId || !email || email === this.sentEmail) return;
    const runId = this.generation;
    this.emailTimer = setTimeout(() => {
      this.api.saveEmail(paymentId, email).then(
        () => {
          if (runId === this.generation && this.view.paymentId === paymentId) {
            this.sentEmail = email;
          }
        },
        // Not fatal here: paying sends it again and reports a failure then.
        () => {},
      );
    }, EMAIL_DEBOUNCE_MS);
  }

  private async prepare(throwErrors: boolean): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (!this.needsPrepare()) return;
    const runId = this.generation;
    const lines = [...this.desired.lines];
    const key = this.desiredKey;
    const email = validEmail(this.desired.email);
    const previousId = this.view.paymentId;
    let failure: unknown = null;
    const run = (async () => {
      this.setView({ ...this.view, preparing: true });
      try {
        const response = await this.api.prepare({
          paymentId: previousId,
          voterEmail: email,
          nominationVotes: lines,
          totalVotes: totalVotesOf(lines),
          deviceInfo: this.api.deviceInfo(),
        });
        if (runId !== this.generation) return;
        this.sentKey = key;
        if (response.paymentId !== previousId) this.sentEmail = null;
        if (email) this.sentEmail = email;
        this.setView({
          paymentId: response.paymentId,
          clientSecret: response.clientSecret,
          preparing: false,
          version: this.view.version + 1,
          challenge: null,
        });
      } catch (error) {
        failure = error;
        if (runId === this.generation) {
          this.setView({ ...this.view, preparing: false, challenge: challengeOf(error) });
        }
      }
    })();
    this.inFlight = run;
    await run;
    this.inFlight = null;
    if (failure !== null) {
      if (throwErrors) throw failure;
      // The challenge is shown where the card form is: no toast on top of it.
      if (runId === this.generation && !this.view.challenge) this.api.onSetupFailed(failure);
      return;
    }
    // The e-mail may have been typed before the payment existed.
    if (runId === this.generation) this.scheduleEmail();
  }
}
