import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SANDBOX_CHALLENGE_TOKEN, type CheckoutChallenge } from '#shared/schemas/card-checkout';
import { Button } from '#client/components/ui/button';
import { errorStatus, serverMessage } from '#client/lib/api-error';
import { passCheckoutChallenge } from './api/checkout-api';

/** Turnstile's script, loaded only when the server asks for its challenge. */
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render: (
    element: HTMLElement,
    options: {
      sitekey: string;
      language: string;
      callback: (token: string) => void;
      'error-callback': () => void;
      'expired-callback': () => void;
    },
  ) => string;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let turnstileLoading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  turnstileLoading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error()));
    script.onerror = () => {
      turnstileLoading = null;
      script.remove();
      reject(new Error('Turnstile did not load'));
    };
    document.head.appendChild(script);
  });
  return turnstileLoading;
}

type Step = 'asking' | 'checking' | 'failed' | 'unavailable';

/**
 * The check card payments ask while many cards are being declined across the site: Turnstile's
 * widget, or in the sandbox a box to tick that stands in for it. Its token goes to the server,
 * which remembers the pass for this browser's checkout; `onPassed` then sets the payment up.
 */
export function CheckoutChallengePanel({
  challenge,
  onPassed,
}: {
  challenge: CheckoutChallenge;
  onPassed: () => void;
}) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const [step, setStep] = useState<Step>('asking');
  const [message, setMessage] = useState<string | null>(null);
  // A failed check draws a fresh box, unticked.
  const [attempt, setAttempt] = useState(0);

  const pass = async (token: string) => {
    setStep('checking');
    setMessage(null);
    try {
      await passCheckoutChallenge(token);
      onPassed();
    } catch (error) {
      setStep('failed');
      setAttempt((n) => n + 1);
      setMessage(
        (errorStatus(error) !== null ? serverMessage(error) : null) ?? t('challenge.failed'),
      );
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {t('challenge.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('challenge.text')}</p>
      {challenge.kind === 'sandbox' ? (
        <SandboxChallenge
          key={attempt}
          id={id}
          step={step}
          onTicked={() => void pass(SANDBOX_CHALLENGE_TOKEN)}
        />
      ) : (
        <TurnstileChallenge
          siteKey={challenge.siteKey}
          onToken={(token) => void pass(token)}
          onUnavailable={() => {
            setStep('unavailable');
            setMessage(t('challenge.unavailable'));
          }}
        />
      )}
      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {step === 'checking' ? t('challenge.checking') : null}
      </p>
      <p aria-live="assertive" className="text-sm font-medium text-destructive empty:hidden">
        {message}
      </p>
      {step === 'failed' && challenge.kind === 'turnstile' ? (
        <Button type="button" variant="outline" onClick={() => setStep('asking')}>
          {t('challenge.retry')}
        </Button>
      ) : null}
    </section>
  );
}

function SandboxChallenge({
  id,
  step,
  onTicked,
}: {
  id: string;
  step: Step;
  onTicked: () => void;
}) {
  const { t } = useTranslation('checkout');
  const [checked, setChecked] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={`${id}-person`}
        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input bg-background px-3"
      >
        <input
          id={`${id}-person`}
          type="checkbox"
          className="size-5 accent-primary"
          checked={checked}
          disabled={step === 'checking'}
          onChange={(event) => {
            setChecked(event.target.checked);
            if (event.target.checked) onTicked();
          }}
        />
        <span className="text-sm font-medium">{t('challenge.sandboxLabel')}</span>
      </label>
      <p className="text-xs text-muted-foreground">{t('challenge.sandboxNote')}</p>
    </div>
  );
}

function TurnstileChallenge({
  siteKey,
  onToken,
  onUnavailable,
}: {
  siteKey: string;
  onToken: (token: string) => void;
  onUnavailable: () => void;
}) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  // The callbacks change with every render; the widget is drawn once per key and language.
  const handlers = useRef({ onToken, onUnavailable });
  useEffect(() => {
    handlers.current = { onToken, onUnavailable };
  });
  useEffect(() => {
    let widgetId: string | null = null;
    let api: TurnstileApi | null = null;
    let gone = false;
    loadTurnstile().then(
      (loaded) => {
        if (gone || !host.current) return;
        api = loaded;
        widgetId = loaded.render(host.current, {
          sitekey: siteKey,
          language: i18n.language,
          callback: (token) => handlers.current.onToken(token),
          'error-callback': () => handlers.current.onUnavailable(),
          'expired-callback': () => undefined,
        });
      },
      () => handlers.current.onUnavailable(),
    );
    return () => {
      gone = true;
      if (api && widgetId) api.remove(widgetId);
    };
  }, [siteKey, i18n.language]);
  return <div ref={host} className="min-h-16" />;
}
