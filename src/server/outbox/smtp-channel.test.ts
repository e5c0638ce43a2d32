import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { outboxMessages } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { settleAsReported } from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { freePort } from '#test/support/free-port.js';
import { outgoingMessage, sendRefusal } from '#test/support/outbox-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describePostgres } from '#test/support/test-database.js';
import { SmtpChannel } from './smtp-channel.js';

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** What the next RCPT TO answers: accepted, or refused with this SMTP code. */
let refuseWith: number | undefined;
const inbox: Received[] = [];
let delivered: (mail: Received) => void = () => undefined;

/** An SMTP server on loopback that keeps what it receives (plain text, login with any password). */
async function startSmtpServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, done) {
      done(null, { user: auth.username });
    },
    onRcptTo(_address: SMTPServerAddress, _session, done) {
      if (refuseWith === undefined) return done();
      return done(Object.assign(new Error(`refused ${refuseWith}`), { responseCode: refuseWith }));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        inbox.push(mail);
        delivered(mail);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://receipts:secret@127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a MIME message's headers and parts (quoted-printable, base64, Q-words). */
function readMime(raw: string): string {
  const decodeQp = (text: string) =>
    Buffer.from(
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const words = raw.replace(
    /=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')),
  );
  return words
    .split(/\r?\n--/)
    .map((part) => {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/);
      const text = body.join('\n\n');
      if (/content-transfer-encoding: quoted-printable/i.test(head))
        return `${head}\n\n${decodeQp(text)}`;
      if (/content-transfer-encoding: base64/i.test(head)) {
        return `${head}\n\n${Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8')}`;
      }
      return part;
    })
    .join('\n--');
}

describePostgres('receipts by e-mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp('postgres', {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Palmarès <receipts@vote.example.com>',
      PUBLIC_URL: 'https://vote.example.com',
      // Long: a receipt that goes out at once went because the settlement nudged the worker.
      OUTBOX_INTERVAL_MS: '600000',
      SANDBOX_SETTLE_DELAY_MS: '600000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    refuseWith = undefined;
    inbox.length = 0;
  });

  it('a French voter’s receipt reaches the SMTP server right after the payment completes', async () => {
    const category = await createCategory(t.database.db, {
      name: 'Song of the Year',
      nameFr: 'Chanson de l’année',
    });
    const nominee = await createNominee(t.database.db, { categoryIds: [category.id] });
    const started = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      headers: { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' },
      body: {
        phoneNumber: '677123456',
        voterEmail: 'Fan@Example.com',
        nominationVotes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 4 }],
        totalVotes: 4,
      },
    });
    expect(started.status).toBe(200);
    const paymentId = started.body.paymentId as string;
    const arrived = new Promise<Received>((resolve) => (delivered = resolve));
    const { receiptCode } = await settleAsReported(
      t.app.ctx,
      paymentId,
      { status: 'completed', amount: 400, currency: 'XAF' },
      'callback',
    );
    const mail = await arrived;
    expect(mail.from).toBe('receipts@vote.example.com');
    expect(mail.to).toEqual(['fan@example.com']);
    expect(mail.user).toBe('receipts');
    const text = readMime(mail.raw);
    expect(text).toContain(`Subject: Votre reçu Palmarès ${receiptCode}`);
    expect(text).toContain('Chanson de l’année: 4 votes');
    expect(text).toContain('400 CFA');
    expect(text).toContain(`https://vote.example.com/my-receipts?code=${receiptCode}`);
    expect(text).toMatch(/Content-Language: fr/);
    // The outbox's id is the Message-ID: a repeat after a crash carries the same one.
    const messages = await t.database.db.select().from(outboxMessages);
    const email = messages.find((m) => m.channel === 'email')!;
    expect(text).toContain(`Message-ID: <${email.id}@vote.example.com>`);
    await t.app.ctx.outbox.deliverDue();
    const states = (await t.database.db.select().from(outboxMessages)).map((m) => [
      m.channel,
      m.state,
    ]);
    // The SMS has no gateway here: it stays in the sandbox outbox.
    expect(states.sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sandbox'],
    ]);
  });
});

describe('SMTP refusals', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let channel: SmtpChannel;
  const message = outgoingMessage({
    id: '7d0f3c2e-4a3b-4a59-9d43-2f8f8f4b2a10',
    channel: 'email',
    recipient: 'fan@example.com',
    subject: 'Your receipt',
    body: 'Thanks',
  });
  const send = () => channel.send(message, new AbortController().signal);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    channel = new SmtpChannel({
      url: smtp.url,
      from: 'receipts@vote.example.com',
      timeoutMs: 2000,
    });
  });
  afterAll(async () => {
    channel?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    refuseWith = undefined;
  });

  it('says a 5xx about the recipient is final, and a 4xx asks us to come back', async () => {
    refuseWith = 550;
    await expect(send()).rejects.toMatchObject({ kind: 'permanent', retryable: false });
    refuseWith = 451;
    await expect(send()).rejects.toMatchObject({ kind: 'rate-limited', retryable: true });
    refuseWith = undefined;
    await expect(send()).resolves.toMatchObject({
      gatewayMessageId: `<${message.id}@vote.example.com>`,
    });
  });

  it('says a server that does not answer may answer later', async () => {
    const closed = new SmtpChannel({
      url: `smtp://127.0.0.1:${await freePort()}`,
      from: 'receipts@vote.example.com',
      timeoutMs: 2000,
    });
    const failure = await sendRefusal(closed.send(message, new AbortController().signal));
    closed.close();
    expect(failure).toMatchObject({ kind: 'retryable' });
  });
});
