import { gsm7Length, SMS_SINGLE_PART, toGsm7 } from '#server/outbox/gsm7.js';
import type { Language } from '#shared/limits.js';
import { formatAmount } from '#shared/money.js';

/**
 * What voters read about their payments outside the site, in English and French: the receipt when
 * votes are credited, a notice when money is returned or a payment is disputed. Each comes as an
 * SMS (kept to one GSM-7 part when it can be: see fitSms) and as an e-mail with a subject, a plain
 * text and a simple HTML body. Screens have their strings in the client's locales; these are the
 * server's, like the answers in http/voter-text.ts.
 */

export interface CategoryVotes {
  /** The category's name in the voter's language. */
  category: string;
  votes: number;
}

export interface ReceiptFacts {
  receiptCode: string;
  amount: number;
  currency: string;
  /** The votes that count: after a partial refund, those its remaining money covers. */
  totalVotes: number;
  /** Returned so far (0 or absent: nothing), said in the intro when some was. */
  refunded?: number;
  /** One line per category, in the order the voter should read them. */
  categories: readonly CategoryVotes[];
  /** The receipt's page on the site. */
  link: string;
}

export interface RefundFacts {
  /** Null for a payment refunded while in review: it never had a receipt. */
  receiptCode: string | null;
  /** What has been returned so far, in all. */
  refunded: number;
  amount: number;
  currency: string;
  /** Votes of the payment still counted after the refund. */
  countedVotes: number;
  link: string | null;
}

export interface DisputeFacts {
  receiptCode: string | null;
  amount: number;
  currency: string;
  link: string | null;
}

export interface MessageTexts {
  sms: string;
  email: { subject: string; text: string; html: string };
}

const votesWord = (language: Language, n: number) =>
  language === 'fr' ? (n > 1 ? 'votes' : 'vote') : n === 1 ? 'vote' : 'votes';

/** The receipt's page: `{publicUrl}/my-receipts?code=…`. */
export function receiptLink(publicUrl: string, receiptCode: string): string {
  return `${publicUrl}/my-receipts?code=${encodeURIComponent(receiptCode)}`;
}

export function receiptTexts(language: Language, facts: ReceiptFacts): MessageTexts {
  const amount = formatAmount(facts.amount, facts.currency);
  const total = `${facts.totalVotes} ${votesWord(language, facts.totalVotes)}`;
  const lines = facts.categories.map(
    (c) => `${c.category}: ${c.votes} ${votesWord(language, c.votes)}`,
  );
  const fr = language === 'fr';
  // The SMS texts are written without the accents GSM-7 lacks (ç, ê, ...), so they stay one part.
  const sms = fitSms([
    [
      fr ? `Recu Palmares ${facts.receiptCode}` : `Palmares receipt ${facts.receiptCode}`,
      `${total}, ${amount}`,
      facts.categories.map((c) => `${toGsm7(c.category)} x${c.votes}`).join(', '),
      facts.link,
    ],
    [
      fr ? `Recu Palmares ${facts.receiptCode}` : `Palmares receipt ${facts.receiptCode}`,
      fr
        ? `${total} dans ${facts.categories.length} categories, ${amount}`
        : `${total} in ${facts.categories.length} categories, ${amount}`,
      facts.link,
    ],
  ]);
  const subject = fr
    ? `Votre reçu Palmarès ${facts.receiptCode}`
    : `Your Palmarès receipt ${facts.receiptCode}`;
  const refunded = formatAmount(facts.refunded ?? 0, facts.currency);
  const intro = facts.refunded
    ? fr
      ? `Merci pour votre vote ! ${refunded} sur votre paiement de ${amount} vous ont été remboursés ; ces votes restent comptés.`
      : `Thank you for voting! ${refunded} of your payment of ${amount} was refunded; these votes still count.`
    : fr
      ? `Merci pour votre vote ! Votre paiement de ${amount} est confirmé et vos votes sont comptés.`
      : `Thank you for voting! Your payment of ${amount} is confirmed and your votes count.`;
  const codeLine = fr
    ? `Code du reçu : ${facts.receiptCode}`
    : `Receipt code: ${facts.receiptCode}`;
  const totalLine = fr ? `Total : ${total}` : `Total: ${total}`;
  const linkLine = fr
    ? `Retrouvez votre reçu à tout moment : ${facts.link}`
    : `See your receipt at any time: ${facts.link}`;
  const text = [intro, '', codeLine, ...lines, totalLine, '', linkLine, ''].join('\n');
  const html = htmlPage(language, subject, [
    paragraph(intro),
    paragraph(codeLine, true),
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    paragraph(totalLine),
    linkParagraph(fr ? 'Voir mon reçu' : 'See my receipt', facts.link),
  ]);
  return { sms, email: { subject, text, html } };
}

export function refundTexts(language: Language, facts: RefundFacts): MessageTexts {
  const fr = language === 'fr';
  const refunded = formatAmount(facts.refunded, facts.currency);
  const paid = formatAmount(facts.amount, facts.currency);
  const whole = facts.refunded >= facts.amount;
  const votes = `${facts.countedVotes} ${votesWord(language, facts.countedVotes)}`;
  const ref = facts.receiptCode ? ` ${facts.receiptCode}` : '';
  const summary = fr
    ? whole
      ? `Votre paiement de ${paid} vous a été remboursé en totalité.`
      : `${refunded} sur les ${paid} de votre paiement vous ont été remboursés ; ${votes} restent comptés.`
    : whole
      ? `Your payment of ${paid} has been refunded in full.`
      : `${refunded} of your payment of ${paid} has been refunded; ${votes} still count.`;
  const sms = fitSms([
    [
      fr ? `Palmares: remboursement${ref}` : `Palmares refund${ref}`,
      fr
        ? whole
          ? `${paid} rembourses en totalite`
          : `${refunded} sur ${paid} rembourses, ${votes} comptes`
        : whole
          ? `${paid} refunded in full`
          : `${refunded} of ${paid} refunded, ${votes} still count`,
      facts.link ?? '',
    ],
  ]);
  const subject = fr
    ? `Remboursement de votre paiement Palmarès${ref}`
    : `Refund of your Palmarès payment${ref}`;
  return {
    sms,
    email: mailOf(language, subject, summary, facts.receiptCode, facts.link),
  };
}

export function disputeTexts(language: Language, facts: DisputeFacts): MessageTexts {
  const fr = language === 'fr';
  const paid = formatAmount(facts.amount, facts.currency);
  const ref = facts.receiptCode ? ` ${facts.receiptCode}` : '';
  const summary = fr
    ? `Votre paiement de ${paid} est contesté auprès de votre banque. Ses votes sont suspendus jusqu'à la décision.`
    : `Your payment of ${paid} is disputed with your bank. Its votes are held until the dispute is decided.`;
  const sms = fitSms([
    [
      fr ? `Palmares: paiement${ref} conteste` : `Palmares: payment${ref} disputed`,
      fr ? `${paid}, votes suspendus` : `${paid}, votes held until decided`,
      facts.link ?? '',
    ],
  ]);
  const subject = fr
    ? `Votre paiement Palmarès${ref} est contesté`
    : `Your Palmarès payment${ref} is disputed`;
  return { sms, email: mailOf(language, subject, summary, facts.receiptCode, facts.link) };
}

/**
 * The one-time code that opens the voter's receipt list on the site (features/receipts). A
 * security message: it says how long the code lasts and that nobody should be given it.
 */
export function lookupCodeTexts(
  language: Language,
  facts: { code: string; minutes: number },
): MessageTexts {
  const fr = language === 'fr';
  const { code, minutes } = facts;
  const sms = toGsm7(
    fr
      ? `Palmares: votre code pour voir vos recus est ${code}. Il expire dans ${minutes} min. Ne le donnez a personne.`
      : `Palmares: your code to see your receipts is ${code}. It expires in ${minutes} min. Do not share it.`,
  );
  const subject = fr ? `Votre code Palmarès : ${code}` : `Your Palmarès code: ${code}`;
  const intro = fr
    ? 'Voici le code pour voir vos reçus sur Palmarès :'
    : 'Here is the code to see your receipts on Palmarès:';
  const expiry = fr
    ? `Il expire dans ${minutes} minutes. Ne le donnez à personne : Palmarès ne vous le demandera jamais.`
    : `It expires in ${minutes} minutes. Do not share it: Palmarès will never ask you for it.`;
  const ignore = fr
    ? "Si vous n'avez pas demandé ce code, ignorez ce message."
    : 'If you did not ask for this code, ignore this message.';
  const text = [intro, '', code, '', expiry, ignore, ''].join('\n');
  const html = htmlPage(language, subject, [
    paragraph(intro),
    paragraph(code, true),
    paragraph(expiry),
    paragraph(ignore),
  ]);
  return { sms, email: { subject, text, html } };
}

function mailOf(
  language: Language,
  subject: string,
  summary: string,
  receiptCode: string | null,
  link: string | null,
): MessageTexts['email'] {
  const fr = language === 'fr';
  const codeLine = receiptCode
    ? fr
      ? `Code du reçu : ${receiptCode}`
      : `Receipt code: ${receiptCode}`
    : null;
  const linkLine = link ? (fr ? `Votre reçu : ${link}` : `Your receipt: ${link}`) : null;
  const details = [codeLine, linkLine].filter((line) => line !== null);
  const text = [summary, '', ...details, ''].join('\n');
  const html = htmlPage(language, subject, [
    paragraph(summary),
    codeLine ? paragraph(codeLine, true) : '',
    link ? linkParagraph(fr ? 'Voir mon reçu' : 'See my receipt', link) : '',
  ]);
  return { subject, text, html };
}

/**
 * The first candidate whose parts, joined, fit one GSM-7 SMS; when none does (a very long address
 * for the site, say), the shortest, which the gateway sends as a concatenated SMS of two or more
 * parts (billed as such) rather than losing the receipt code or the link. Empty parts are left out.
 */
function fitSms(candidates: readonly (readonly string[])[]): string {
  const texts = candidates.map((parts) => toGsm7(parts.filter((part) => part !== '').join('. ')));
  const fitting = texts.find((text) => (gsm7Length(text) ?? Infinity) <= SMS_SINGLE_PART);
  return fitting ?? texts.reduce((a, b) => (b.length < a.length ? b : a));
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const paragraph = (text: string, strong = false) =>
  strong ? `<p><strong>${escapeHtml(text)}</strong></p>` : `<p>${escapeHtml(text)}</p>`;

const linkParagraph = (label: string, href: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;

function htmlPage(language: Language, title: string, parts: readonly string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...parts.filter(Boolean),
    '</body></html>',
  ].join('\n');
}
