import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  /** Undefined while loading: a placeholder keeps the card's size. */
  value: ReactNode | undefined;
  detail?: ReactNode;
  tone?: 'ink' | 'gold' | 'blue' | 'green';
}

const TONES = {
  ink: 'bg-ink-950 text-gold-300',
  gold: 'bg-gold-100 text-gold-800',
  blue: 'bg-[#e0eaff] text-[#1d3fae]',
  green: 'bg-[#dcfae6] text-success',
} as const;

/** One figure with its label; a description list so a reader hears "label: value". */
export function StatCard({ icon: Icon, label, value, detail, tone = 'ink' }: StatCardProps) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:gap-3">
        <span
          className={cn(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-xl sm:size-11',
            TONES[tone],
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {/* Only the term and its values inside the list: a description list holds nothing else. */}
        <dl className="flex min-w-0 flex-col">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className="font-display text-2xl leading-tight font-semibold tabular-nums sm:text-3xl">
            {value === undefined ? <Skeleton className="mt-1 h-7 w-16" /> : value}
          </dd>
          {detail !== undefined ? (
            <dd className="mt-0.5 text-sm text-muted-foreground tabular-nums">{detail}</dd>
          ) : null}
        </dl>
      </div>
    </Card>
  );
}
