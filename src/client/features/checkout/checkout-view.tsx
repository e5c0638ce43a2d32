import { useVotingOpen } from '#client/features/event';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Currency } from '#shared/money';
import type { CreditedStatus } from '#shared/schemas/payment';
import type { ReceiptDetail } from '#shared/schemas/receipt';
import { PageLayout } from '#client/components/layout/page-layout';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast-store';
import { cn } from '#client/lib/cn';
import { useLanguage } from '#client/lib/use-language';
import { formatMoney } from '#client/lib/format-money';
import { ReceiptModal } from '#client/features/receipts/index';
import { CardPaymentPanel } from './card-payment-panel';
import { CheckoutHero } from './checkout-hero';
import { paymentConfigQuery } from './api/checkout-api';
import { MobileMoneyOverlay } from './mobile-money-overlay';
import { MobileMoneyPanel } from './mobile-money-panel';
import type { CheckoutArtist } from '#shared/checkout-artist-param';
import { PaymentMethodToggle, type PaymentMethod } from './payment-method-toggle';
import { PollingStatusBanner, ReviewNotice } from './polling-status';
import { loadSettledOutcome } from './settled-outcome';
import { TransactionCheckPanel } from './transaction-check-panel';
import { useCardPayment } from './use-card-payment';
import { useLeaveWarning } from './use-leave-warning';
import { usePaymentPolling } from './use-payment-polling';
import { usePhoneOverlay } from './use-phone-overlay';
import { useStripeReturn } from './use-stripe-return';
import { defaultVoteCounts, voteLines, voteTotals, type VoteCounts } from './vote-selection';
import { VotePanel } from './vote-panel';
import { VotingClosedNotice } from './voting-closed-notice';

/** After a payment the public tallies changed: catalogue screens refetch when next shown. */
const CATALOG_KEY = /^\/api\/(categories|nominations|artists)/;

interface CheckoutViewProps {
  artist: CheckoutArtist;
  /** The current edition's prices per vote (minor units), which the server charges. */
  prices: Readonly<Record<Currency, number>>;
}

/** The checkout screen for a valid artist with at least one nomination. */
export function CheckoutView({ artist, prices }: CheckoutViewProps) {
  const { t } = useTranslation('checkout');
  const { t: tr } = useTranslation('receipts');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const nominationIds = useMemo(
    () => artist.categories.map((category) => category.nominationId),
    [artist],
  );
  const [counts, setCounts] = useState<VoteCounts>(() => defaultVoteCounts(nominationIds));
  const lines = useMemo(() => voteLines(nominationIds, counts), [nominationIds, counts]);
  const totals = voteTotals(lines, prices);
  const xafTotal = formatMoney(totals.xaf, 'XAF', language);
  const usdTotal = formatMoney(totals.usdCents, 'USD', language);

  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>('mobileMoney');
  const [email, setEmail] = useState('');
  const [receipt, setReceipt] = useState<ReceiptDetail | null>(null);
  const config = useQuery(paymentConfigQuery());
  const mobileMoneyAvailable = config.data ? config.data.mobileMoney !== 'off' : true;
  const cardAvailable = config.data ? config.data.card !== 'off' : true;
  // A method the deployment does not offer is never the selected one.
  const method: PaymentMethod =
    chosenMethod === 'mobileMoney' && !mobileMoneyAvailable && cardAvailable
      ? 'card'
      : chosenMethod === 'card' && !cardAvailable
        ? 'mobileMoney'
        : chosenMethod;

  const overlay = usePhoneOverlay();

  /**
   * Completed: receipt code, then receipt, then the modal. Refunded from review (never counted, so
   * without a receipt): a toast says the money went back.
   */
  const showReceipt = async (paymentId: string, status: CreditedStatus = 'completed') => {
    try {
      const outcome = await loadSettledOutcome(paymentId, status);
      if (outcome.kind === 'receipt') {
        setReceipt(outcome.receipt);
      } else if (outcome.kind === 'refunded') {
        toast({
          title: t('toasts.paymentRefundedTitle'),
          description: t('toasts.paymentRefundedText'),
        });
      } else {
        toast({
          title: tr('errors.loadTitle'),
          description: tr('errors.loadFailed'),
          variant: 'destructive',
        });
      }
    } finally {
      overlay.close();
      void queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && CATALOG_KEY.test(query.queryKey[0]),
      });
    }
  };

  const polling = usePaymentPolling({
    onCompleted: showReceipt,
    onFailed: (_paymentId, reason) => {
      overlay.close();
      // The cause first when the provider gave one, then the generic text.
      const why = reason ? `${t(`toasts.failureReasons.${reason}`)} ` : '';
      toast({
        title: t('toasts.paymentFailedTitle'),
        description: `${why}${t('toasts.paymentFailedText')}`,
        variant: 'destructive',
      });
    },
    onReview: (paymentId) => {
      overlay.close();
      toast({
        title: t('toasts.paymentReviewTitle'),
        description: t('toasts.paymentReviewText', { id: paymentId.slice(0, 8) }),
      });
    },
  });
  useLeaveWarning(polling.active, t('leaveWarning'));

  const card = useCardPayment(method === 'card' && cardAvailable && !!config.data, lines, email);
  useStripeReturn(showReceipt, polling.start);

  const locked = polling.active;
  const voting = useVotingOpen();
  // When the overlay is gone (or on a resumed payment) the voter's eyes are wherever the Pay
  // button was: bring the status into view and give it focus, so it is seen and read out.
  const statusRef = useRef<HTMLDivElement>(null);
  const overlayOpen = overlay.openedAt !== null;
  useEffect(() => {
    const status = statusRef.current;
    if (!locked || overlayOpen || !status) return;
    status.focus({ preventScroll: true });
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    status.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [locked, overlayOpen]);
  // The question "did you complete the transaction?" comes half a minute later, below the status
  // on a phone's screen: bring it up too, or the voter waits on for an answer that will not come.
  const panelShown = locked && polling.showPanel;
  useEffect(() => {
    if (!panelShown || overlayOpen) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    statusRef.current?.scrollIntoView({
      block: 'nearest',
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }, [panelShown, overlayOpen]);
  const onVotesChange = (nominationId: string, value: number) =>
    setCounts((current) => ({ ...current, [nominationId]: value }));

  let paymentBody;
  if (config.isPending) {
    paymentBody = (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('card.preparing')}</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (config.isError) {
    paymentBody = (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <AlertTriangle className="size-7 text-gold-700" aria-hidden="true" />
        <p>{t('toasts.setupFailedText')}</p>
        <Button variant="outline" onClick={() => void config.refetch()}>
          {t('panel.tryAgain')}
        </Button>
      </div>
    );
  } else if (method === 'mobileMoney') {
    paymentBody = (
      <MobileMoneyPanel
        lines={lines}
        totalVotes={totals.totalVotes}
        amount={xafTotal}
        email={email}
        onEmailChange={setEmail}
        disabled={locked}
        testPhones={config.data.mobileMoney === 'sandbox' ? (config.data.testPhones ?? []) : null}
        overlay={overlay}
        onInitiated={polling.start}
      />
    );
  } else {
    paymentBody = (
      <CardPaymentPanel
        config={config.data}
        card={card}
        totalVotes={totals.totalVotes}
        amount={usdTotal}
        email={email}
        onEmailChange={setEmail}
        disabled={locked}
        onCompleted={showReceipt}
        onPending={polling.start}
      />
    );
  }

  return (
    <PageLayout>
      <CheckoutHero artist={artist} />
      <div className="relative mx-auto -mt-8 grid max-w-6xl gap-4 px-4 pb-12 sm:-mt-10 sm:px-6 lg:grid-cols-5 lg:items-start">
        <div className="lg:col-span-3">
          <VotePanel
            artist={artist}
            counts={counts}
            onChange={onVotesChange}
            totalVotes={totals.totalVotes}
            totals={`${xafTotal} · ${usdTotal}`}
            disabled={locked}
          />
        </div>
        <Card className="flex flex-col gap-4 p-4 sm:p-6 lg:col-span-2">
          <div
            ref={statusRef}
            tabIndex={-1}
            // The live region stays in the page so its first message is announced; while it is
            // empty, the negative margin cancels the card's gap.
            className={cn(
              'flex scroll-mt-24 flex-col gap-3 outline-none',
              !locked && !polling.inReview && '-mb-4',
            )}
          >
            <PollingStatusBanner phase={polling.active ? polling.phase : null} />
            {polling.active && polling.showPanel ? (
              <TransactionCheckPanel onCheckStatus={polling.restart} onTryAgain={polling.reset} />
            ) : null}
            {polling.inReview ? <ReviewNotice paymentId={polling.inReview} /> : null}
          </div>
          {/* A payment already under way carries on past the close: money taken counts. */}
          {voting.open || locked ? (
            <>
              <PaymentMethodToggle
                value={method}
                onChange={setChosenMethod}
                mobileMoneyTotal={xafTotal}
                cardTotal={usdTotal}
                mobileMoneyPrice={formatMoney(prices.XAF, 'XAF', language)}
                cardPrice={formatMoney(prices.USD, 'USD', language)}
                mobileMoneyAvailable={mobileMoneyAvailable}
                cardAvailable={cardAvailable}
                disabled={locked}
              />
              {/* Kept mounted while hidden, so Try Again finds the phone number still typed. */}
              <div hidden={locked}>{paymentBody}</div>
            </>
          ) : (
            <VotingClosedNotice reason={voting.reason ?? ''} />
          )}
        </Card>
      </div>
      <MobileMoneyOverlay
        openedAt={overlay.openedAt}
        amount={xafTotal}
        ussdCode={overlay.ussdCode}
        phase={polling.phase}
      />
      <ReceiptModal
        receipt={receipt}
        onClose={() => {
          setReceipt(null);
          navigate('/categories');
        }}
      />
    </PageLayout>
  );
}
