import { AlertTriangle, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import { isMissingResource } from '#client/lib/is-missing-resource';

interface LoadFailureStateProps {
  /** Why the record did not load: a 404 says it does not exist, anything else may pass. */
  error: unknown;
  /** What the page says of a record that does not exist, and where it sends the reader. */
  missing: { title: string; text: string; href: string; linkLabel: string };
  onRetry: () => void;
}

/**
 * A page whose record could not be loaded: a record that does not exist gets a way out, a
 * failure that may pass gets Try Again.
 */
export function LoadFailureState({ error, missing, onRetry }: LoadFailureStateProps) {
  const { t: tc } = useTranslation('common');
  const isMissing = isMissingResource(error);
  return (
    <EmptyState
      as="h1"
      icon={isMissing ? SearchX : AlertTriangle}
      title={isMissing ? missing.title : tc('errors.generic')}
      text={isMissing ? missing.text : undefined}
      className="py-20"
      action={
        isMissing ? (
          <Link href={missing.href} className={buttonVariants({ variant: 'default' })}>
            {missing.linkLabel}
          </Link>
        ) : (
          <Button variant="outline" onClick={onRetry}>
            {tc('actions.tryAgain')}
          </Button>
        )
      }
    />
  );
}
