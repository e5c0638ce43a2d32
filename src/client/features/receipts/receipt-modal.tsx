import { Camera, CheckCircle2, Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptDetail } from '#shared/schemas/receipt';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/toast-store';
import { ApiError } from '#client/lib/api-error';
import { useLocalized } from '#client/lib/use-localized';
import { ArtistPhoto } from '#client/components/artist-photo';
import { proxiedImageUrl } from './proxied-image-url';
import { PaymentAfterNote } from './payment-after-note';
import { ReceiptCode } from './receipt-code';
import { useResendReceipt } from './api/use-resend-receipt';

interface ReceiptModalProps {
  /** null closes the modal. */
  receipt: ReceiptDetail | null;
  /** Called once the voter confirms they saved the receipt. */
  onClose: () => void;
}

/**
 * The receipt after a payment or from the lookup. Every way out (the
 * Close button, the corner X, Escape, a tap outside) first asks whether the screenshot is saved:
 * for many voters it is their only proof of payment.
 */
export function ReceiptModal({ receipt, onClose }: ReceiptModalProps) {
  const { t } = useTranslation('receipts');
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <Dialog
        open={receipt !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(true);
        }}
      >
        <DialogContent
          className="max-w-md gap-0 overflow-x-hidden p-0 sm:p-0"
          data-testid="receipt-modal"
        >
          {receipt ? (
            <ReceiptBody receipt={receipt} onRequestClose={() => setConfirming(true)} />
          ) : null}
        </DialogContent>
      </Dialog>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('modal.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('modal.confirmText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('modal.screenshotFirst')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                setConfirming(false);
                onClose();
              }}
            >
              {t('modal.saved')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function ReceiptBody({
  receipt,
  onRequestClose,
}: {
  receipt: ReceiptDetail;
  onRequestClose: () => void;
}) {
  const { t } = useTranslation('receipts');
  const localized = useLocalized();
  const name = localized(receipt.artist.name, receipt.artist.nameFr);
  const totalVotes = receipt.payment.totalVotes;
  const photo = proxiedImageUrl(receipt.artist.photoUrl, window.location.origin);

  return (
    <>
      <div className="relative overflow-hidden bg-ink-950 px-5 pt-6 pb-5 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(30rem_12rem_at_90%_-20%,rgb(226_184_79/0.35),transparent_65%)]"
        />
        <div className="relative pr-10">
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-[0.14em] text-gold-300 uppercase">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('modal.eyebrow')}
          </p>
          <DialogTitle className="mt-1 text-2xl text-white">{t('modal.title')}</DialogTitle>
          <DialogDescription className="mt-1 text-white/75">
            {t('modal.description')}
          </DialogDescription>
        </div>
      </div>
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-center gap-4">
          <ArtistPhoto
            src={photo}
            name={name}
            alt={t('modal.photoAlt', { name })}
            width={160}
            height={160}
            eager
            className="size-20 shrink-0 rounded-full object-cover ring-4 ring-gold-300"
          />
          <div className="min-w-0">
            <p
              className="font-display text-xl leading-tight font-semibold break-words"
              data-testid="receipt-artist"
            >
              {name}
            </p>
            <p className="mt-1 text-ink-700" data-testid="receipt-total">
              <span className="text-3xl font-bold text-ink-950 tabular-nums">{totalVotes}</span>{' '}
              <span className="font-semibold">{t('modal.votes', { count: totalVotes })}</span>
            </p>
          </div>
        </div>
        <section aria-labelledby="receipt-categories-heading">
          <h3
            id="receipt-categories-heading"
            className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase"
          >
            {t('modal.byCategory')}
          </h3>
          <ul className="mt-2 divide-y divide-border rounded-xl border border-border bg-background">
            {receipt.votesByCategory.map((line) => (
              <li
                key={line.nominationId}
                className="flex items-baseline justify-between gap-3 px-3 py-2"
              >
                <span className="min-w-0 break-words">
                  {localized(line.categoryName, line.categoryNameFr)}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">
                  {t('modal.categoryVotes', { count: line.voteCount })}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <PaymentAfterNote payment={receipt.payment} />
        <ReceiptCode code={receipt.payment.receiptCode} />
        <div className="flex gap-3 rounded-xl bg-ink-50 p-3 text-sm text-ink-800">
          <Camera className="mt-0.5 size-5 shrink-0 text-ink-600" aria-hidden="true" />
          <p>
            <span className="font-semibold">{t('modal.tipTitle')}.</span> {t('modal.tip', { name })}
          </p>
        </div>
        {/* A refunded or disputed receipt would no longer say what the first one said. */}
        {receipt.payment.status === 'completed' ? (
          <ResendButton receiptCode={receipt.payment.receiptCode} />
        ) : null}
        <Button size="lg" className="w-full" onClick={onRequestClose}>
          {t('modal.close')}
        </Button>
      </div>
    </>
  );
}

/** Sends the receipt again to the phone and e-mail the payment was made with, then says how. */
function ResendButton({ receiptCode }: { receiptCode: string }) {
  const { t } = useTranslation('receipts');
  const resend = useResendReceipt(receiptCode);

  function send() {
    resend.mutate(undefined, {
      onSuccess: ({ channels }) => {
        const sms = channels.includes('sms');
        const email = channels.includes('email');
        toast({
          title: t(
            sms && email ? 'modal.resentBoth' : sms ? 'modal.resentSms' : 'modal.resentEmail',
          ),
        });
      },
      onError: (error) =>
        toast({
          title: t('modal.resendFailed'),
          // The server says why in the voter's language (too many this hour, nowhere to send).
          description:
            (error instanceof ApiError ? error.body?.message : null) ?? t('modal.resendTryLater'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
        aria-describedby="receipt-resend-hint"
        onClick={send}
      >
        {resend.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {t('modal.resend')}
      </Button>
      <p id="receipt-resend-hint" className="text-center text-xs text-muted-foreground">
        {t('modal.resendHint')}
      </p>
    </div>
  );
}
