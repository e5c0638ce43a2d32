/**
 * A stand-in for Stripe.js (https://js.stripe.com), served to the browser in place of the real
 * script by Playwright's routing, for what the app uses of it: `Stripe(pk)`, `elements()` with the
 * Payment Element, `elements.submit()`, `confirmPayment({ redirect: 'if_required' })`, and the
 * 3-D Secure challenge shown in a frame from hooks.stripe.com. It talks to
 * https://api.stripe.com with the publishable key and the intent's client secret, as Stripe.js
 * does; the test routes that origin to the fake Stripe API. The Payment Element is drawn in the
 * page (the real one is a frame): card number, expiry and security code, mapped to Stripe's test
 * payment methods.
 *
 * The function runs in the browser, so it uses nothing from this module's scope.
 */
export function installFakeStripeJs(): void {
  type Handler = (event: unknown) => void;
  interface FakeElement {
    mount(target: string | HTMLElement): void;
    unmount(): void;
    destroy(): void;
    update(options: unknown): void;
    focus(): void;
    blur(): void;
    clear(): void;
    on(event: string, handler: Handler): FakeElement;
    off(event: string, handler?: Handler): FakeElement;
    once(event: string, handler: Handler): FakeElement;
    read(): { number: string; expiry: string; cvc: string };
    showError(message: string): void;
  }
  const API = 'https://api.stripe.com';
  const TEST_CARDS: Record<string, string> = {
    '4242424242424242': 'pm_card_visa',
    '5555555555554444': 'pm_card_mastercard',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
    '4000000000003220': 'pm_card_threeDSecure2Required',
  };
  const LABELS: Record<string, Record<string, string>> = {
    en: {
      number: 'Card number',
      expiry: 'Expiration date',
      cvc: 'Security code',
      incomplete: 'Your card number is incomplete.',
      invalid: 'Your card number is invalid.',
      challenge: '3D Secure authentication',
    },
    fr: {
      number: 'Numéro de carte',
      expiry: "Date d'expiration",
      cvc: 'Code de sécurité',
      incomplete: 'Le numéro de carte est incomplet.',
      invalid: 'Le numéro de carte est invalide.',
      challenge: 'Authentification 3D Secure',
    },
  };

  const form = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');

  function createPaymentElement(locale: string): FakeElement {
    const texts = LABELS[locale] ?? LABELS.en!;
    const handlers = new Map<string, Set<Handler>>();
    const emit = (event: string, payload: unknown) =>
      handlers.get(event)?.forEach((handler) => handler(payload));
    const root = document.createElement('div');
    root.dataset.testid = 'fake-payment-element';
    root.style.cssText = 'display:flex;flex-direction:column;gap:8px';
    const field = (name: string, label: string, placeholder: string) => {
      const wrapper = document.createElement('label');
      wrapper.style.cssText = 'display:flex;flex-direction:column;gap:4px;font-size:14px';
      wrapper.textContent = label;
      const input = document.createElement('input');
      input.name = name;
      input.placeholder = placeholder;
      input.autocomplete = 'off';
      input.style.cssText = 'padding:10px;border:1px solid #ccc;border-radius:8px;font-size:16px';
      input.addEventListener('input', () =>
        emit('change', {
          elementType: 'payment',
          empty: false,
          complete: false,
          value: { type: 'card' },
        }),
      );
      wrapper.append(input);
      root.append(wrapper);
      return input;
    };
    const number = field('number', texts.number!, '1234 1234 1234 1234');
    const expiry = field('expiry', texts.expiry!, 'MM / YY');
    const cvc = field('cvc', texts.cvc!, 'CVC');
    const error = document.createElement('p');
    error.setAttribute('role', 'alert');
    error.style.cssText = 'color:#b42318;font-size:14px;margin:0';
    root.append(error);
    const element: FakeElement = {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        host?.append(root);
        setTimeout(() => emit('ready', { elementType: 'payment' }), 0);
      },
      unmount: () => root.remove(),
      destroy: () => root.remove(),
      update: () => undefined,
      focus: () => number.focus(),
      blur: () => number.blur(),
      clear: () => {
        number.value = '';
        expiry.value = '';
        cvc.value = '';
      },
      on(event, handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(handler);
        return element;
      },
      off(event, handler) {
        if (handler) handlers.get(event)?.delete(handler);
        else handlers.delete(event);
        return element;
      },
      once(event, handler) {
        const once: Handler = (payload) => {
          element.off(event, once);
          handler(payload);
        };
        return element.on(event, once);
      },
      read: () => ({
        number: number.value.replace(/\s+/g, ''),
        expiry: expiry.value,
        cvc: cvc.value,
      }),
      showError: (message) => {
        error.textContent = message;
      },
    };
    return element;
  }

  /** The issuer's challenge in a frame over the page, until it reports the outcome. */
  function challenge(intentId: string, locale: string): Promise<void> {
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.style.cssText =
        'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
      const frame = document.createElement('iframe');
      frame.title = (LABELS[locale] ?? LABELS.en!).challenge!;
      frame.src = `https://hooks.stripe.com/3ds/${intentId}`;
      frame.style.cssText =
        'width:min(90vw,400px);height:320px;border:0;background:#fff;border-radius:8px';
      overlay.append(frame);
      document.body.append(overlay);
      const done = (event: MessageEvent) => {
        const data = event.data as { fakeStripeChallenge?: string } | null;
        if (event.source !== frame.contentWindow || data?.fakeStripeChallenge !== intentId) return;
        window.removeEventListener('message', done);
        overlay.remove();
        resolve();
      };
      window.addEventListener('message', done);
    });
  }

  function Stripe(publishableKey: string) {
    let element: FakeElement | null = null;
    let clientSecret = '';
    let locale = 'en';
    const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;
    const retrieve = async (secret: string) => {
      const query = form({ key: publishableKey, client_secret: secret });
      const res = await fetch(`${API}/v1/payment_intents/${intentIdOf(secret)}?${query}`);
      return (await res.json()) as {
        id: string;
        status: string;
        last_payment_error: { type: string; code: string; message: string } | null;
        error?: { type: string; code?: string; message: string };
      };
    };
    const elements = {
      create(_type: string) {
        element = createPaymentElement(locale);
        return element;
      },
      getElement: () => element,
      update: (options: { locale?: string }) => {
        if (options.locale) locale = options.locale;
      },
      fetchUpdates: () => Promise.resolve({}),
      submit() {
        const card = element?.read();
        const texts = LABELS[locale] ?? LABELS.en!;
        if (!card || card.number.length < 16) {
          const message = texts.incomplete!;
          element?.showError(message);
          return Promise.resolve({
            error: { type: 'validation_error', code: 'incomplete_number', message },
          });
        }
        element?.showError('');
        return Promise.resolve({});
      },
    };
    const unsupported = () => Promise.reject(new Error('not in the fake Stripe.js'));
    return {
      _registerWrapper: () => undefined,
      elements(options: { clientSecret: string; locale?: string }) {
        clientSecret = options.clientSecret;
        locale = options.locale === 'fr' ? 'fr' : 'en';
        return elements;
      },
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      retrievePaymentIntent: async (secret: string) => ({ paymentIntent: await retrieve(secret) }),
      async confirmPayment(args: { confirmParams?: { return_url?: string } }) {
        const card = element?.read();
        const paymentMethod = card ? TEST_CARDS[card.number] : undefined;
        if (!paymentMethod) {
          const message = (LABELS[locale] ?? LABELS.en!).invalid!;
          element?.showError(message);
          return { error: { type: 'validation_error', code: 'invalid_number', message } };
        }
        const intentId = intentIdOf(clientSecret);
        const res = await fetch(`${API}/v1/payment_intents/${intentId}/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form({
            payment_method: paymentMethod,
            return_url: args.confirmParams?.return_url ?? '',
            use_stripe_sdk: 'true',
            key: publishableKey,
            client_secret: clientSecret,
          }),
        });
        const body = (await res.json()) as {
          status?: string;
          next_action?: { type: string } | null;
          error?: { type: string; code?: string; message: string };
        };
        if (body.error) return { error: body.error };
        if (body.status === 'requires_action' && body.next_action?.type === 'use_stripe_sdk') {
          await challenge(intentId, locale);
          const after = await retrieve(clientSecret);
          if (after.status === 'succeeded' || after.status === 'processing')
            return { paymentIntent: after };
          return { error: after.last_payment_error ?? { type: 'api_error', message: '' } };
        }
        return { paymentIntent: body };
      },
    };
  }
  Stripe.version = 'endive';
  (window as unknown as { Stripe: unknown }).Stripe = Stripe;
}

/** The script body served at Stripe.js's address. */
export const fakeStripeJsSource = `(${installFakeStripeJs.toString()})();`;
