import { useMutation } from '@tanstack/react-query';
import { ReceiptText, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type {
  ReceiptLookupCodeResponse,
  ReceiptLookupRequest,
  ReceiptSummary,
} from '#shared/schemas/receipt';
import { EmptyState } from '#client/components/empty-state';
import { PageHero, PageHeroIntro } from '#client/components/layout/page-hero';
import { PageLayout } from '#client/components/layout/page-layout';
import { Card } from '#client/components/ui/card';
import { toast, type ToastHandle } from '#client/components/ui/toast-store';
import { serverMessage } from '#client/lib/api-error';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { lookupReceipts, requestLookupCode } from './api/receipt-api';
import { ReceiptCodeStep } from './receipt-code-step';
import { ReceiptLookupForm, type LookupContact } from './receipt-lookup-form';
import { ReceiptModal } from './receipt-modal';
import { ReceiptSummaryCard } from './receipt-summary-card';
import { useReceiptViewer } from './use-receipt-viewer';

/** Where the lookup is: the e-mail or phone to give, or the code sent to it. */
type LookupStep =
  | { step: 'contact'; initial?: LookupContact }
  | {
      step: 'code';
      contact: LookupContact;
      expiresInSeconds: number;
      smsPaused: boolean;
      sentCount: number;
    };

/**
 * /my-receipts: find receipts by e-mail or phone, through a one-time code sent to it; ?code=
 * (a receipt code, in links) opens one receipt directly.
 */
export function MyReceiptsPage() {
  const { t } = useTranslation('receipts');
  const { t: tc } = useTranslation('common');
  useDocumentTitle(t('title'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const viewer = useReceiptViewer();
  const { open: openReceipt } = viewer;
  const code = new URLSearchParams(search).get('code')?.trim() ?? '';

  // Links from voter tracking carry ?code=: open it once per code, not on every render.
  const openedCode = useRef<string | null>(null);
  useEffect(() => {
    if (!code || openedCode.current === code) return;
    openedCode.current = code;
    void openReceipt(code, 'full');
  }, [code, openReceipt]);

  const [lookupStep, setLookupStep] = useState<LookupStep>({ step: 'contact' });
  // The last failure's toast, taken down once a code is sent or the receipts are listed, so a
  // refusal the voter has since got past does not stay on screen over the results.
  const failure = useRef<ToastHandle | null>(null);
  const clearFailure = () => {
    failure.current?.dismiss();
    failure.current = null;
  };
  const failed = (error: Error) => {
    clearFailure();
    failure.current = toast({
      title: t('errors.lookupTitle'),
      description: serverMessage(error) ?? t('errors.lookupFailed'),
      variant: 'destructive',
    });
  };

  const askCode = useMutation<ReceiptLookupCodeResponse, Error, LookupContact>({
    mutationFn: requestLookupCode,
    onSuccess: ({ expiresInSeconds, smsPaused }, contact) => {
      clearFailure();
      setLookupStep((current) => ({
        step: 'code',
        contact,
        expiresInSeconds,
        smsPaused: smsPaused === true,
        sentCount: current.step === 'code' ? current.sentCount + 1 : 0,
      }));
      lookup.reset();
    },
    onError: failed,
  });

  const lookup = useMutation<ReceiptSummary[], Error, ReceiptLookupRequest>({
    mutationFn: lookupReceipts,
    onSuccess: (receipts, request) => {
      clearFailure();
      if (receipts.length === 0) toast({ title: t('empty.title') });
      setLookupStep({ step: 'contact', initial: contactOf(request) });
    },
    onError: failed,
  });

  const closeReceipt = () => {
    viewer.close();
    if (code) navigate('/my-receipts', { replace: true });
  };

  return (
    <PageLayout>
      <PageHero
        width="max-w-3xl"
        eyebrow={
          <>
            <ReceiptText className="size-4" aria-hidden="true" />
            {tc('brandTagline')}
          </>
        }
        title={t('title')}
      >
        <PageHeroIntro>{t('intro')}</PageHeroIntro>
      </PageHero>
      <div className="relative mx-auto -mt-8 flex max-w-3xl flex-col gap-6 px-4 pb-12 sm:-mt-10 sm:px-6">
        <Card className="p-4 sm:p-6">
          {lookupStep.step === 'code' ? (
            <ReceiptCodeStep
              key={lookupStep.sentCount}
              contact={lookupStep.contact}
              expiresInSeconds={lookupStep.expiresInSeconds}
              smsPaused={lookupStep.smsPaused}
              confirming={lookup.isPending}
              resending={askCode.isPending}
              error={
                lookup.isError ? (serverMessage(lookup.error) ?? t('errors.lookupFailed')) : null
              }
              onConfirm={(code) => lookup.mutate({ ...lookupStep.contact, code })}
              onResend={() => askCode.mutate(lookupStep.contact)}
              onChangeContact={() => {
                lookup.reset();
                setLookupStep({ step: 'contact', initial: lookupStep.contact });
              }}
            />
          ) : (
            <ReceiptLookupForm
              searching={askCode.isPending}
              initial={lookupStep.initial}
              onSearch={(contact) => askCode.mutate(contact)}
            />
          )}
        </Card>
        <LookupResults
          receipts={lookup.data}
          openingCode={viewer.openingCode}
          onView={(receiptCode) => void viewer.open(receiptCode, 'short')}
        />
      </div>
      <ReceiptModal receipt={viewer.receipt} onClose={closeReceipt} />
    </PageLayout>
  );
}

function contactOf(request: ReceiptLookupRequest): LookupContact {
  return request.email ? { email: request.email } : { phoneNumber: request.phoneNumber ?? '' };
}

interface LookupResultsProps {
  receipts: ReceiptSummary[] | undefined;
  openingCode: string | null;
  onView: (code: string) => void;
}

function LookupResults({ receipts, openingCode, onView }: LookupResultsProps) {
  const { t } = useTranslation('receipts');
  if (!receipts) return null;
  if (receipts.length === 0) {
    return (
      <div role="status">
        <EmptyState icon={SearchX} title={t('empty.title')} text={t('empty.text')} />
      </div>
    );
  }
  return (
    <section aria-labelledby="receipt-results-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="receipt-results-heading" className="font-display text-2xl font-semibold">
          {t('results.heading')}
        </h2>
        <p role="status" className="text-sm text-muted-foreground">
          {t('results.count', { count: receipts.length })}
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {receipts.map((receipt) => (
          <li key={receipt.receiptCode}>
            <ReceiptSummaryCard
              receipt={receipt}
              opening={openingCode === receipt.receiptCode}
              onView={onView}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
