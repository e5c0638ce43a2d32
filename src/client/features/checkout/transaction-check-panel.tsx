import { HelpCircle, RefreshCw, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button';

interface TransactionCheckPanelProps {
  onCheckStatus: () => void;
  onTryAgain: () => void;
}

/** After 11 checks without an answer: the voter tells us what happened on the phone. */
export function TransactionCheckPanel({ onCheckStatus, onTryAgain }: TransactionCheckPanelProps) {
  const { t } = useTranslation('checkout');
  return (
    <section
      aria-labelledby="transaction-check-title"
      className="flex flex-col gap-3 rounded-xl border border-ink-200 bg-card p-4 shadow-sm"
      data-testid="transaction-check-panel"
    >
      <div className="flex gap-3">
        <HelpCircle className="mt-0.5 size-5 shrink-0 text-ink-600" aria-hidden="true" />
        <div>
          <h3 id="transaction-check-title" className="font-semibold text-foreground">
            {t('panel.title')}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t('panel.text')}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button className="flex-1 basis-36" onClick={onCheckStatus}>
          <RefreshCw aria-hidden="true" />
          {t('panel.checkStatus')}
        </Button>
        <Button variant="outline" className="flex-1 basis-36" onClick={onTryAgain}>
          <RotateCcw aria-hidden="true" />
          {t('panel.tryAgain')}
        </Button>
      </div>
    </section>
  );
}
