import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptDetail } from '#shared/schemas/receipt';
import { toast } from '#client/components/ui/toast-store';
import { fetchReceipt } from './api/receipt-api';

/** How a failure to load is worded: a direct link gets the full advice, the list the short one. */
export type ReceiptFailureWording = 'full' | 'short';

export interface ReceiptViewer {
  receipt: ReceiptDetail | null;
  /** The code being fetched, for a spinner on its button. */
  openingCode: string | null;
  open: (code: string, wording: ReceiptFailureWording) => Promise<void>;
  close: () => void;
}

/** Loads a receipt by code and holds it for the receipt modal. */
export function useReceiptViewer(): ReceiptViewer {
  const { t } = useTranslation('receipts');
  const [receipt, setReceipt] = useState<ReceiptDetail | null>(null);
  const [openingCode, setOpeningCode] = useState<string | null>(null);
  // A second tap while one receipt loads is ignored rather than racing the first.
  const busy = useRef(false);

  const open = useCallback(
    async (code: string, wording: ReceiptFailureWording) => {
      if (busy.current) return;
      busy.current = true;
      setOpeningCode(code);
      try {
        setReceipt(await fetchReceipt(code));
      } catch {
        toast({
          title: t('errors.loadTitle'),
          description: wording === 'full' ? t('errors.loadFailed') : t('errors.loadFailedShort'),
          variant: 'destructive',
        });
      } finally {
        busy.current = false;
        setOpeningCode(null);
      }
    },
    [t],
  );

  const close = useCallback(() => setReceipt(null), []);
  return { receipt, openingCode, open, close };
}
