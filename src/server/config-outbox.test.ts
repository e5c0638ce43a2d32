import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const PRODUCTION = { NODE_ENV: 'production', PHONE_HASH_KEY: 'k'.repeat(32) };
const SMTP = {
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  MAIL_FROM: 'receipts@example.com',
};

describe('outbox settings', () => {
  it('delivers through the sandbox every 5 s by default, linking to this machine', () => {
    const { outbox } = loadConfig({ PORT: '5001' });
    expect(outbox).toMatchObject({
      intervalMs: 5000,
      sendTimeoutMs: 15000,
      maxAttempts: 8,
      publicUrl: 'http://localhost:5001',
      channels: { smtp: undefined, sms: { gateway: undefined } },
    });
  });

  it('links to PUBLIC_URL, and sends e-mail through SMTP_URL from MAIL_FROM', () => {
    const { outbox } = loadConfig({
      ...SMTP,
      PUBLIC_URL: 'https://vote.example.com/',
      OUTBOX_SEND_TIMEOUT_MS: '4000',
    });
    expect(outbox.publicUrl).toBe('https://vote.example.com');
    expect(outbox.channels.smtp).toEqual({
      url: SMTP.SMTP_URL,
      from: SMTP.MAIL_FROM,
      timeoutMs: 4000,
    });
  });

  it('refuses SMTP_URL without MAIL_FROM, and what is not an SMTP URL', () => {
    expect(() => loadConfig({ SMTP_URL: SMTP.SMTP_URL })).toThrow(/MAIL_FROM: SMTP_URL needs/);
    expect(() => loadConfig({ ...SMTP, SMTP_URL: 'https://mail.example.com' })).toThrow(
      /SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMS_GATEWAY: 'carrier-pigeon' })).toThrow(/SMS_GATEWAY/);
  });

  it('production: a real channel needs PUBLIC_URL for its links; without SMTP, a warning', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SMTP })).toThrow(
      /PUBLIC_URL: receipts sent by e-mail or SMS link to the site/,
    );
    expect(
      loadConfig({ ...PRODUCTION, ...SMTP, PUBLIC_URL: 'https://vote.example.com' }).warnings,
    ).toEqual([]);
    expect(loadConfig(PRODUCTION).warnings).toEqual([
      expect.stringMatching(/SMTP_URL is unset: e-mail receipts stay in the outbox/),
    ]);
  });
});
