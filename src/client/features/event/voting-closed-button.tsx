import { Ban } from 'lucide-react';
import { Button } from '#client/components/ui/button';

/** Stands where a Vote button would be while voting is not open, saying why. */
export function VotingClosedButton({
  reason,
  className,
  describedBy,
}: {
  reason: string;
  className?: string;
  describedBy?: string;
}) {
  return (
    <Button variant="outline" disabled aria-describedby={describedBy} className={className}>
      <Ban aria-hidden="true" />
      {reason}
    </Button>
  );
}
