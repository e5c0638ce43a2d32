import { AlertTriangle, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicArtist, PublicNomination } from '#shared/schemas/catalog';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useVotingOpen } from '#client/features/event';
import { ArtistCard } from './artist-card';
import { NomineeCardSkeleton } from './nominee-card-skeleton';
import { useShareLink } from './use-share-link';

interface NomineeGridProps {
  nominations: PublicNomination[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  highlightedNominationId?: string;
  onViewProfile: (artist: PublicArtist) => void;
}

const SKELETON_COUNT = 3;
// Roughly what fits above the fold on a phone and a laptop; the rest load lazily.
const EAGER_PHOTOS = 2;
const gridClass = 'grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

export function NomineeGrid({
  nominations,
  isPending,
  isError,
  onRetry,
  highlightedNominationId,
  onViewProfile,
}: NomineeGridProps) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  // Asked once for the whole list and handed to each card, with the texts: hooks in each card cost
  // the server a copy of the texts' instance per card, and the browser a clock per card.
  const voting = useVotingOpen();
  const share = useShareLink();

  if (isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('category.loading')} className={gridClass}>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <NomineeCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (isError || !nominations) {
    return (
      <Card>
        <EmptyState
          icon={AlertTriangle}
          as="h3"
          title={tc('errors.generic')}
          action={
            <Button variant="outline" onClick={onRetry}>
              {tc('actions.tryAgain')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (nominations.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={Mic}
          as="h3"
          title={t('category.emptyTitle')}
          text={t('category.emptyText')}
        />
      </Card>
    );
  }
  // The shared nominee comes first, right under the Shared Nomination banner.
  const shared = nominations.find((nomination) => nomination.id === highlightedNominationId);
  const ordered = shared ? [shared, ...nominations.filter((n) => n !== shared)] : nominations;
  return (
    <ul className={gridClass}>
      {ordered.map((nomination, index) => (
        <li key={nomination.id}>
          <ArtistCard
            nomination={nomination}
            highlighted={nomination.id === highlightedNominationId}
            eager={index < EAGER_PHOTOS}
            onViewProfile={onViewProfile}
            t={t}
            voting={voting}
            share={share}
          />
        </li>
      ))}
    </ul>
  );
}
