import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { buttonVariants } from '../ui/button-variants';
import { Card } from '../ui/card';

/**
 * What a visitor sees when a screen cannot render. Deliberately free of the site header and of
 * data queries: whatever failed may be one of them.
 */
export function ErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-16">
      <Card role="alert" className="w-full max-w-md p-6">
        <div className="flex items-center gap-3">
          <TriangleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-foreground">{t('crash.title')}</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">{t('crash.text')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('crash.reload')}
          </Button>
          <a href="/categories" className={buttonVariants({ variant: 'outline' })}>
            {t('actions.backToHome')}
          </a>
        </div>
      </Card>
    </main>
  );
}
