import { AlertTriangle, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useIntegrity, useNeedsReviewCount } from './api/admin-queries';

/**
 * What an organiser must act on about money, above the tabs: payments whose money did not match
 * their order (credit or refund them), and tallies that differ from their payments. Nothing shows
 * while all is well.
 */
export function MoneyAlerts() {
  const { t } = useTranslation('admin');
  const { data: needsReview } = useNeedsReviewCount();
  const { data: integrity } = useIntegrity();
  const differences = integrity && !integrity.ok ? integrity.differences.length : 0;
  if (!needsReview && !differences) return null;
  return (
    <section aria-labelledby="money-alerts-heading" className="flex flex-col gap-3">
      <h2 id="money-alerts-heading" className="sr-only">
        {t('moneyAlerts.heading')}
      </h2>
      {needsReview ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-xl border border-gold-400 bg-gold-50 p-4 text-gold-800 sm:flex-row sm:items-center"
        >
          <Scale className="size-5 shrink-0" aria-hidden="true" />
          <p className="flex-1 text-sm">
            <span className="font-semibold">
              {t('moneyAlerts.needsReview', { count: needsReview })}
            </span>{' '}
            {t('moneyAlerts.needsReviewText')}
          </p>
          <Link
            href="/admin/voter-tracking?status=needs_review"
            className="inline-flex min-h-6 items-center text-sm font-semibold underline underline-offset-4 hover:no-underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {t('moneyAlerts.review')}
          </Link>
        </div>
      ) : null}
      {differences ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-xl border border-destructive bg-[#fef3f2] p-4 text-destructive sm:flex-row sm:items-center"
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          <p className="flex-1 text-sm">
            <span className="font-semibold">
              {t('moneyAlerts.unbalanced', { count: differences })}
            </span>{' '}
            {t('moneyAlerts.unbalancedText')}
          </p>
        </div>
      ) : null}
    </section>
  );
}
