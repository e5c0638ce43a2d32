import { AlertCircle, Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageLayout } from '#client/components/layout/page-layout';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { useDocumentTitle } from '#client/lib/use-document-title';

/** Any unknown address: says the page does not exist, and offers the way back to the categories. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <PageLayout>
      <div className="mx-auto flex max-w-md px-4 py-16">
        <Card className="w-full p-6">
          <div className="flex items-center gap-3">
            <AlertCircle className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-foreground">{t('notFound.title')}</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('notFound.text')}</p>
          <Link href="~/" className={cn(buttonVariants(), 'mt-6 w-full sm:w-auto')}>
            <Home aria-hidden="true" />
            {t('actions.backToHome')}
          </Link>
        </Card>
      </div>
    </PageLayout>
  );
}
