import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text?: string;
  action?: ReactNode;
  /** Heading level, so the state fits the page outline it sits in. */
  as?: 'h1' | 'h2' | 'h3';
  className?: string;
}

/** Empty lists, missing records and failures share one calm, centred layout. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  as: Heading = 'h2',
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center',
        className,
      )}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-700">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="font-display text-2xl font-semibold text-foreground">{title}</Heading>
      {text ? <p className="text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
