import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const PRODUCTION = { NODE_ENV: 'production', PHONE_HASH_KEY: 'k'.repeat(32) };
const SMTP = {
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  MAIL_FROM: 'receipts@example.com',
};

describe('outbox settings', () => {
  it('delivers through the sandbox every 5 s by default, linking to the address the server announces', () => {
    const { outbox } = loadConfig({ PORT: '5001' });
    expect(outbox).toMatchObject({
      intervalMs: 5000,
      sendTimeoutMs: 15000,
      maxAttempts: 8,
      publicUrl: 'http://127.0.0.1:5001',
      channels: { smtp: undefined, sms: { gateway: undefined } },
    });
  });

  it('links to the host the server listens on, a wildcard one as localhost', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '5002' }).outbox.publicUrl).toBe(
      'http://localhost:5002',
    );
    expect(loadConfig({ HOST: '::', PORT: '5002' }).outbox.publicUrl).toBe('http://localhost:5002');
    expect(loadConfig({ HOST: '::1', PORT: '5002' }).outbox.publicUrl).toBe('http://[::1]:5002');
    expect(loadConfig({ HOST: 'vote.local', PORT: '80' }).outbox.publicUrl).toBe(
      'http://vote.local:80',
    );
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

const ORANGE = {
  SMS_GATEWAY: 'orange',
  ORANGE_SMS_CLIENT_ID: 'client-id',
  ORANGE_SMS_CLIENT_SECRET: 'client-secret',
  ORANGE_SMS_SENDER_ADDRESS: 'tel:+237690000000',
};
const AT = { SMS_GATEWAY: 'africastalking', AT_USERNAME: 'palmares', AT_API_KEY: 'at-key' };
const TOKEN = 'a'.repeat(32);

describe('SMS gateway settings', () => {
  it('Orange: its API, credentials and number, and a notify URL with the token when set', () => {
    expect(loadConfig(ORANGE).outbox.channels.sms).toEqual({
      gateway: 'orange',
      orange: {
        baseUrl: 'https://api.orange.com',
        clientId: 'client-id',
        clientSecret: 'client-secret',
        senderAddress: '+237690000000',
        senderName: undefined,
        notifyUrl: undefined,
      },
    });
    const { outbox } = loadConfig({
      ...ORANGE,
      ORANGE_SMS_BASE_URL: 'http://127.0.0.1:9/',
      ORANGE_SMS_SENDER_NAME: 'Palmares',
      ORANGE_SMS_NOTIFY_TOKEN: TOKEN,
      PUBLIC_URL: 'https://vote.example.com/',
    });
    expect(outbox.channels.sms).toMatchObject({
      orange: {
        baseUrl: 'http://127.0.0.1:9',
        senderName: 'Palmares',
        notifyUrl: `https://vote.example.com/api/webhooks/sms/orange?token=${TOKEN}`,
      },
    });
    expect(outbox.deliveryReportTokens).toEqual({ orange: TOKEN, africasTalking: undefined });
  });

  it("Africa's Talking: its API, username, key and sender id", () => {
    const { outbox } = loadConfig({ ...AT, AT_SENDER_ID: 'PALMARES', AT_CALLBACK_TOKEN: TOKEN });
    expect(outbox.channels.sms).toEqual({
      gateway: 'africastalking',
      africasTalking: {
        baseUrl: 'https://api.africastalking.com',
        username: 'palmares',
        apiKey: 'at-key',
        senderId: 'PALMARES',
      },
    });
    expect(outbox.deliveryReportTokens.africasTalking).toBe(TOKEN);
  });

  it('refuses a gateway without what it needs, and settings that cannot work', () => {
    expect(() => loadConfig({ SMS_GATEWAY: 'orange' })).toThrow(
      /ORANGE_SMS_CLIENT_ID: SMS_GATEWAY=orange needs[\s\S]*ORANGE_SMS_CLIENT_SECRET[\s\S]*ORANGE_SMS_SENDER_ADDRESS/,
    );
    expect(() => loadConfig({ SMS_GATEWAY: 'africastalking', AT_USERNAME: 'x' })).toThrow(
      /AT_API_KEY: SMS_GATEWAY=africastalking needs AT_API_KEY/,
    );
    expect(() => loadConfig({ ...ORANGE, ORANGE_SMS_SENDER_ADDRESS: '690000000' })).toThrow(
      /ORANGE_SMS_SENDER_ADDRESS: a number in E.164/,
    );
    expect(() => loadConfig({ ...AT, AT_SENDER_ID: 'Palmares Awards 2026' })).toThrow(
      /AT_SENDER_ID: at most 11/,
    );
    for (const token of ['short', `${TOKEN}&x=1`]) {
      expect(() => loadConfig({ ...ORANGE, ORANGE_SMS_NOTIFY_TOKEN: token })).toThrow(
        /ORANGE_SMS_NOTIFY_TOKEN: at least 24/,
      );
      expect(() => loadConfig({ ...AT, AT_CALLBACK_TOKEN: token })).toThrow(
        /AT_CALLBACK_TOKEN: at least 24/,
      );
    }
  });

  it('production: a gateway needs PUBLIC_URL, and one without delivery reports is a warning', () => {
    const site = { ...PRODUCTION, ...SMTP, PUBLIC_URL: 'https://vote.example.com' };
    expect(() => loadConfig({ ...PRODUCTION, ...SMTP, ...AT, PUBLIC_URL: '' })).toThrow(
      /PUBLIC_URL: receipts sent by e-mail or SMS/,
    );
    expect(loadConfig({ ...site, ...ORANGE }).warnings).toEqual([
      expect.stringMatching(/ORANGE_SMS_NOTIFY_TOKEN is unset/),
    ]);
    expect(loadConfig({ ...site, ...AT }).warnings).toEqual([
      expect.stringMatching(/AT_CALLBACK_TOKEN is unset/),
    ]);
    expect(loadConfig({ ...site, ...AT, AT_CALLBACK_TOKEN: TOKEN }).warnings).toEqual([]);
  });
});
