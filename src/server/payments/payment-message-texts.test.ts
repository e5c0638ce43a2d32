import { describe, expect, it } from 'vitest';
import { gsm7Length, toGsm7 } from '#server/outbox/gsm7.js';
import { disputeTexts, receiptTexts, refundTexts } from './payment-message-texts.js';

const LINK = 'https://vote.example.com/my-receipts?code=ABCDEFGHJKMN';
const receipt = (categories: { category: string; votes: number }[]) => ({
  receiptCode: 'ABCDEFGHJKMN',
  amount: 100 * categories.reduce((sum, c) => sum + c.votes, 0),
  currency: 'XAF',
  totalVotes: categories.reduce((sum, c) => sum + c.votes, 0),
  categories,
  link: LINK,
});

describe('voter message texts', () => {
  it('keeps an SMS to one GSM-7 part, accents GSM lacks taken off', () => {
    const { sms } = receiptTexts('fr', receipt([{ category: 'Révélation de l’année', votes: 1 }]));
    expect(sms).toBe(
      `Recu Palmares ABCDEFGHJKMN. 1 vote, 100 CFA. Révélation de l'année x1. ${LINK}`,
    );
    expect(gsm7Length(sms)).toBeLessThanOrEqual(160);
  });

  it('drops the categories from an SMS they would push past one part, never the code or link', () => {
    const categories = [
      'Meilleur artiste masculin',
      'Meilleure artiste féminine',
      'Clip vidéo',
    ].map((category) => ({ category, votes: 2 }));
    const { sms, email } = receiptTexts('en', receipt(categories));
    expect(sms).toBe(`Palmares receipt ABCDEFGHJKMN. 6 votes in 3 categories, 600 CFA. ${LINK}`);
    // The e-mail keeps every line.
    for (const c of categories) expect(email.text).toContain(`${c.category}: 2 votes`);
  });

  it('sends a text too long for one part anyway (the gateway joins the parts)', () => {
    const long = { ...receipt([{ category: 'A', votes: 1 }]), link: `${LINK}&${'x'.repeat(150)}` };
    const { sms } = receiptTexts('en', long);
    expect(sms).toContain(long.link);
    expect(gsm7Length(sms)).toBeGreaterThan(160);
  });

  it('formats dollars from cents, and escapes names in the HTML', () => {
    const texts = receiptTexts('en', {
      ...receipt([{ category: '<Best> & "Song"', votes: 3 }]),
      amount: 150,
      currency: 'USD',
    });
    expect(texts.email.text).toContain('Your payment of $1.50 is confirmed');
    expect(texts.email.html).toContain('&lt;Best&gt; &amp; &quot;Song&quot;: 3 votes');
    expect(texts.email.html).not.toContain('<Best>');
  });

  it('tells a partial and a whole refund, with or without a receipt', () => {
    const partial = refundTexts('en', {
      receiptCode: 'ABCDEFGHJKMN',
      refunded: 200,
      amount: 500,
      currency: 'XAF',
      countedVotes: 3,
      link: LINK,
    });
    expect(partial.email.subject).toBe('Refund of your Palmarès payment ABCDEFGHJKMN');
    expect(partial.email.text).toContain('200 CFA of your payment of 500 CFA has been refunded');
    const whole = refundTexts('fr', {
      receiptCode: null,
      refunded: 500,
      amount: 500,
      currency: 'XAF',
      countedVotes: 0,
      link: null,
    });
    expect(whole.sms).toBe('Palmares: remboursement. 500 CFA rembourses en totalite');
    expect(whole.email.subject).toBe('Remboursement de votre paiement Palmarès');
    expect(whole.email.text).not.toContain('Code du reçu');
  });

  it('tells a dispute in French', () => {
    const texts = disputeTexts('fr', {
      receiptCode: 'ABCDEFGHJKMN',
      amount: 150,
      currency: 'USD',
      link: LINK,
    });
    expect(texts.email.subject).toBe('Votre paiement Palmarès ABCDEFGHJKMN est contesté');
    expect(texts.email.text).toContain('$1.50');
    expect(gsm7Length(texts.sms)).not.toBeNull();
  });

  it('counts GSM-7 characters, escapes as two', () => {
    expect(gsm7Length('abc')).toBe(3);
    expect(gsm7Length('[x]')).toBe(5);
    expect(gsm7Length('ç')).toBeNull();
    expect(toGsm7('Ça être “ok” – œuvre 🎤')).toBe('Ça etre "ok" - oeuvre ?');
  });
});
