import { Skeleton } from '#client/components/ui/skeleton';

const ROWS = 6;

/** Rows shaped like the table (or the phone cards) while the first page loads. */
export function PaymentsSkeleton() {
  return (
    <div className="divide-y divide-border">
      {Array.from({ length: ROWS }, (_, index) => (
        <div
          key={index}
          className="flex flex-col gap-2 px-4 py-4 md:flex-row md:items-center md:gap-6"
        >
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-48 md:flex-1" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </div>
      ))}
    </div>
  );
}
