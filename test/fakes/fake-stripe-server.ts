/**
 * The fake Stripe API as a process of its own, on the port given as the only argument: Playwright
 * starts it beside the app server whose STRIPE_API_URL points at it (playwright.config.ts).
 */
import { FakeStripe } from './fake-stripe.js';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: tsx test/fakes/fake-stripe-server.ts <port>');
  process.exit(1);
}
const stripe = await new FakeStripe().start(port);
console.log(`fake Stripe API on ${stripe.url}`);
const stop = () => void stripe.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
