/**
 * Card-testing limits out of the way: a suite that starts card payments by the dozen from one
 * address (every test request comes from loopback) and declines cards on purpose is not a card
 * tester. card-testing.test.ts sets them as production has them, where they are the subject.
 */
export const CARD_LIMITS_OUT_OF_THE_WAY: Record<string, string> = {
  CARD_INTENTS_PER_HOUR_PER_ADDRESS: '1000000',
  CARD_INTENTS_PER_HOUR_PER_SESSION: '1000000',
  CARD_INTENTS_PER_HOUR_PER_EMAIL: '1000000',
  CARD_BLOCK_AFTER_DECLINES: '1000000',
  CARD_CHALLENGE_AFTER_DECLINES: '1000000',
};
