import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/layout/page-layout';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';

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
        </Card>
      </div>
    </PageLayout>
  );
}
