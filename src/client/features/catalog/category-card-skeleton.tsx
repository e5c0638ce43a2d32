import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';

export function CategoryCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 overflow-hidden p-5 pt-6">
      <div className="flex items-start gap-3">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="mt-2 h-10 w-full rounded-lg" />
    </Card>
  );
}
