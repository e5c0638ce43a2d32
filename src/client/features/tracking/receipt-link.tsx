import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '#client/components/ui/button-variants';

/** Opens the voter's receipt in a new tab so the filtered list stays as it was. */
export function ReceiptLink({ code }: { code: string }) {
  const { t } = useTranslation('tracking');
  return (
    <a
      href={`/my-receipts?code=${encodeURIComponent(code)}`}
      target="_blank"
      rel="noopener"
      aria-label={t('table.receiptLabel', { code })}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      <ExternalLink aria-hidden="true" />
      {t('table.receipt')}
    </a>
  );
}
