import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReceiptDetail } from '#shared/schemas/receipt';
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';

/**
 * What happened to the money after the receipt was issued: a refund (how much went back and how
 * many votes still count) or a card dispute (the votes are out while it lasts). Nothing for a
 * payment that simply completed.
 */
export function PaymentAfterNote({ payment }: { payment: ReceiptDetail['payment'] }) {
  const { t } = useTranslation('receipts');
  const language = useLanguage();
  if (payment.status === 'completed') return null;
  const text =
    payment.status === 'refunded'
      ? t('after.refunded', {
          refunded: formatMoney(payment.refundedAmount, payment.currency, language),
          amount: formatMoney(payment.amount, payment.currency, language),
          counted: payment.countedVotes,
          count: payment.totalVotes,
        })
      : t('after.disputed');
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-gold-400 bg-gold-50 p-3 text-sm text-gold-800"
      data-testid="receipt-after"
    >
      <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">{t(`after.${payment.status}Title`)}.</span> {text}
      </p>
    </div>
  );
}
