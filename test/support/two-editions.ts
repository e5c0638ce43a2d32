import type { Db } from '#server/db/client.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import { currentEdition } from '#test/factories/event-factory.js';
import { createOutboxMessages } from '#test/factories/outbox-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';

/**
 * The current edition and a past one ('past-2025', days in UTC), each with a completed payment by
 * mobile money and one by card at its own prices (provider fees reported), a receipt message for
 * each payment, and a lookup code no payment owns. What each edition's admin should see:
 * current XAF 300 (fee 6) and USD 200 (fee 36); past XAF 1050 (fee 21) and USD 150 (fee 10).
 */
export async function twoEditionsWithPayments(db: Db) {
  const currentId = await currentEdition(db);
  const past = await createEdition(db, { slug: 'past-2025', timezone: 'UTC' });
  const nominationIn = async (editionId: number) => {
    const category = await createCategory(db, { editionId });
    return (await createNominee(db, { categoryIds: [category.id] })).nominations[0]!.id;
  };
  const pay = async (
    editionId: number,
    nominationId: string,
    provider: 'campay' | 'stripe',
    voteCount: number,
    unitPrice: number,
    providerFee: number,
  ) =>
    createCompletedPayment(db, {
      provider,
      votes: [{ nominationId, voteCount }],
      payment: { editionId, unitPrice, providerFee, voterEmail: 'both@example.com' },
    });
  const now = await nominationIn(currentId);
  const then = await nominationIn(past.id);
  const current = [
    await pay(currentId, now, 'campay', 3, 100, 6),
    await pay(currentId, now, 'stripe', 4, 50, 36),
  ];
  const previous = [
    await pay(past.id, then, 'campay', 7, 150, 21),
    await pay(past.id, then, 'stripe', 2, 75, 10),
  ];
  const receipts = await createOutboxMessages(
    db,
    [...current, ...previous].map((p) => ({ paymentId: p.id, editionId: p.editionId })),
  );
  const [lookupCode] = await createOutboxMessages(db, [{ kind: 'lookup-code', editionId: null }]);
  return {
    past,
    payments: { current, past: previous },
    messages: {
      current: [...receipts.slice(0, 2), lookupCode!].map((m) => m.id),
      past: receipts.slice(2).map((m) => m.id),
    },
  };
}
