import { Camera, CheckCircle2, Info, Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format-date';
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
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';
import { useLocalized } from '#client/lib/use-localized';
import { useProviderLabel } from '#client/lib/use-provider-label';
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

/** Which heading the receipt wears: what happened to the payment after it was confirmed. */
type ReceiptState = 'confirmed' | 'partlyRefunded' | 'refunded' | 'disputed';

function receiptState(payment: ReceiptDetail['payment']): ReceiptState {
  if (payment.status === 'disputed') return 'disputed';
  if (payment.status === 'refunded') {
    return payment.countedVotes > 0 ? 'partlyRefunded' : 'refunded';
  }
  return 'confirmed';
}

function ReceiptBody({
  receipt,
  onRequestClose,
}: {
  receipt: ReceiptDetail;
  onRequestClose: () => void;
}) {
  const { t } = useTranslation('receipts');
  const language = useLanguage();
  const localized = useLocalized();
  const providerLabel = useProviderLabel();
  const name = localized(receipt.artist.name, receipt.artist.nameFr);
  const { payment } = receipt;
  const state = receiptState(payment);
  // The votes that count now: all of them for a confirmed payment, fewer after a refund.
  const counted = payment.countedVotes;
  const photo = proxiedImageUrl(receipt.artist.photoUrl, window.location.origin);
  const StateIcon = state === 'confirmed' ? CheckCircle2 : Info;
  const date = formatDateTime(payment.settledAt ?? payment.createdAt, language);

  return (
    <>
      <div className="relative overflow-hidden bg-ink-950 px-5 pt-4 pb-4 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(30rem_12rem_at_90%_-20%,rgb(226_184_79/0.35),transparent_65%)]"
        />
        <div className="relative pr-10">
          <p
            className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-[0.14em] text-gold-300 uppercase"
            data-testid="receipt-state"
          >
            <StateIcon className="size-4" aria-hidden="true" />
            {t(`modal.states.${state}.eyebrow`)}
          </p>
          <DialogTitle className="mt-1 text-xl text-white sm:text-2xl">
            {t('modal.title')}
          </DialogTitle>
          <p className="text-sm font-semibold text-gold-200" data-testid="receipt-edition">
            {localized(receipt.edition.name, receipt.edition.nameFr)}
          </p>
          <DialogDescription className="mt-1 text-sm text-white/75 sm:text-base">
            {t(`modal.states.${state}.description`)}
          </DialogDescription>
        </div>
      </div>
      <div className="flex flex-col gap-3 p-4 sm:gap-4 sm:p-5">
        <div className="flex items-center gap-4">
          <ArtistPhoto
            src={photo}
            name={name}
            alt={t('modal.photoAlt', { name })}
            width={128}
            height={128}
            eager
            className="size-16 shrink-0 rounded-full object-cover ring-4 ring-gold-300"
          />
          <div className="min-w-0">
            <p
              className="font-display text-xl leading-tight font-semibold break-words"
              data-testid="receipt-artist"
            >
              {name}
            </p>
            <p className="text-ink-700" data-testid="receipt-total">
              <span className="text-3xl font-bold text-ink-950 tabular-nums">{counted}</span>{' '}
              <span className="font-semibold">
                {t(counted < payment.totalVotes ? 'modal.votesOf' : 'modal.votes', {
                  count: counted,
                  total: payment.totalVotes,
                })}
              </span>
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="receipt-facts">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t('results.amount')}</dt>
            <dd className="font-semibold tabular-nums">
              {formatMoney(payment.amount, payment.currency, language)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t('results.provider')}</dt>
            <dd className="font-semibold">{providerLabel(payment.provider)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t('results.date')}</dt>
            <dd className="font-semibold">
              <time dateTime={payment.settledAt ?? payment.createdAt}>{date}</time>
            </dd>
          </div>
        </dl>
        <section aria-labelledby="receipt-categories-heading">
          <h3
            id="receipt-categories-heading"
            className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase"
          >
            {t(state === 'confirmed' ? 'modal.byCategory' : 'modal.byCategoryCounted')}
          </h3>
          <ul className="mt-1.5 divide-y divide-border rounded-xl border border-border bg-background">
            {receipt.votesByCategory.map((line) => (
              <li
                key={line.nominationId}
                className="flex items-baseline justify-between gap-3 px-3 py-1.5"
              >
                <span className="min-w-0 break-words">
                  {localized(line.categoryName, line.categoryNameFr)}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">
                  {line.countedVotes < line.voteCount
                    ? t('modal.categoryVotesOf', {
                        count: line.countedVotes,
                        total: line.voteCount,
                      })
                    : t('modal.categoryVotes', { count: line.voteCount })}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <ReceiptCode code={payment.receiptCode} />
        <PaymentAfterNote payment={payment} />
        <div className="flex gap-3 rounded-xl bg-ink-50 p-3 text-sm text-ink-800">
          <Camera className="mt-0.5 size-5 shrink-0 text-ink-600" aria-hidden="true" />
          <p>
            <span className="font-semibold">{t('modal.tipTitle')}.</span> {t('modal.tip', { name })}
          </p>
        </div>
        {/* Sent again, a receipt lists the votes that still count; none do once all is gone. */}
        {state === 'confirmed' || state === 'partlyRefunded' ? (
          <ResendButton receiptCode={payment.receiptCode} />
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
