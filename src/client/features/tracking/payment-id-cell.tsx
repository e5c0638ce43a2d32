import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { copyText } from '#client/lib/share-link';
import { shortPaymentId } from './payment-display';

/** The first 8 characters on screen, the full id on the clipboard for a search or a ticket. */
export function PaymentIdCell({ id }: { id: string }) {
  const { t } = useTranslation('tracking');
  const short = shortPaymentId(id);

  async function copy() {
    if (await copyText(id)) {
      toast({ title: t('toasts.copied') });
    } else {
      toast({ title: t('toasts.copyFailed'), variant: 'destructive' });
    }
  }

  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-sm" title={id}>
        {short}
      </code>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('table.copyId', { id: short })}
        title={t('table.copyId', { id: short })}
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" />
      </Button>
    </span>
  );
}
