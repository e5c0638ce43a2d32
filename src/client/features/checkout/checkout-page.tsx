import { Layers } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { EmptyState } from '#client/components/empty-state';
import { PageLayout } from '#client/components/layout/page-layout';
import { RouteFallback } from '#client/components/layout/route-fallback';
import { buttonVariants } from '#client/components/ui/button-variants';
import { toast } from '#client/components/ui/toast-store';
import { LoadFailureState } from '#client/components/load-failure-state';
import { useEvent } from '#client/lib/event-query';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { CheckoutView } from './checkout-view';
import { parseArtistParam } from '#shared/checkout-artist-param';

/**
 * /checkout?artist=<URL-encoded JSON>. Without a usable artist the voter is told why and
 * sent home; an artist without nominations cannot be voted for.
 */
export function CheckoutPage() {
  // The receipt modal's texts load with the page, so showing it never waits on the network.
  const { t } = useTranslation(['checkout', 'receipts']);
  const { t: tc } = useTranslation('common');
  useDocumentTitle(t('checkout:title'));
  const search = useSearch();
  const [location, navigate] = useLocation();
  const parsed = useMemo(() => parseArtistParam(search), [search]);

  // Once per problem: StrictMode and re-renders must not repeat the toast or the redirect. The
  // redirect home can render this page once more at its new address before it leaves, which is
  // no visit to checkout and must not replace the toast with "No Selection".
  const reported = useRef<string | null>(null);
  const onCheckout = location === '/checkout';
  useEffect(() => {
    if (!onCheckout || parsed.kind === 'ok' || reported.current === parsed.kind) return;
    reported.current = parsed.kind;
    if (parsed.kind === 'missing') {
      toast({
        title: t('checkout:toasts.noSelectionTitle'),
        description: t('checkout:toasts.noSelectionText'),
      });
      navigate('/', { replace: true });
    } else if (parsed.kind === 'invalid') {
      toast({
        title: t('checkout:toasts.invalidDataTitle'),
        description: t('checkout:toasts.invalidDataText'),
        variant: 'destructive',
      });
      navigate('/', { replace: true });
    } else {
      toast({
        title: t('checkout:toasts.noCategoriesTitle'),
        description: t('checkout:toasts.noCategoriesText'),
        variant: 'destructive',
      });
    }
  }, [onCheckout, parsed.kind, navigate, t]);

  // The prices are the edition's: no total is shown before they are known. The page the server
  // drew carries the event, so this waits only after a failed or a client-side first load.
  const event = useEvent();
  if (parsed.kind === 'ok') {
    if (event.data) return <CheckoutView artist={parsed.artist} prices={event.data.prices} />;
    if (event.isError) {
      return (
        <PageLayout>
          <LoadFailureState
            error={event.error}
            missing={{
              title: tc('errors.generic'),
              text: '',
              href: '/',
              linkLabel: tc('actions.backToHome'),
            }}
            onRetry={() => void event.refetch()}
          />
        </PageLayout>
      );
    }
    return <RouteFallback />;
  }
  if (parsed.kind === 'noCategories') {
    return (
      <PageLayout>
        <EmptyState
          as="h1"
          icon={Layers}
          title={t('checkout:noCategories.title')}
          text={t('checkout:noCategories.text')}
          className="py-20"
          action={
            <Link href="/categories" className={buttonVariants({ variant: 'default' })}>
              {tc('actions.backToHome')}
            </Link>
          }
        />
      </PageLayout>
    );
  }
  // Redirecting home.
  return <RouteFallback />;
}
