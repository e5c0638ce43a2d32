import { useTranslation } from 'react-i18next';
import type { RankedArtist } from '#shared/schemas/analytics';
import { cn } from '#client/lib/cn';
import { useLocalized } from '#client/lib/use-localized';
import { ArtistPhoto } from '#client/components/artist-photo';
import { useFormatters } from '../use-formatters';

const MEDALS = [
  'bg-gold-400 text-ink-950',
  'bg-ink-200 text-ink-900',
  'bg-[#e8c4a0] text-[#5c3513]',
];

interface RankedArtistRowProps {
  artist: RankedArtist;
  rank: number;
  /** The full ranking shows the nomination title and larger photos. */
  detailed?: boolean;
}

/** Rank, photo, name (and nomination title) and votes of one nominee. */
export function RankedArtistRow({ artist, rank, detailed = false }: RankedArtistRowProps) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const format = useFormatters();
  const title = localized(artist.nominationTitle, artist.nominationTitleFr);
  return (
    <div className="flex items-center gap-3">
      <span
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
          MEDALS[rank - 1] ?? 'bg-muted text-muted-foreground',
        )}
      >
        <span className="sr-only">{t('analytics.rank')} </span>
        {rank}
      </span>
      <ArtistPhoto
        src={artist.nominationPhoto ?? artist.artistPhoto}
        name={artist.artistName}
        alt={t('artists.photoAlt', { name: artist.artistName })}
        width={detailed ? 56 : 40}
        height={detailed ? 56 : 40}
        className={cn(
          'shrink-0 rounded-full object-cover [&>span]:text-sm',
          detailed ? 'size-14' : 'size-10',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{artist.artistName}</p>
        {detailed && title ? (
          <p className="truncate text-sm text-muted-foreground">{title}</p>
        ) : null}
      </div>
      <span className="shrink-0 text-sm font-semibold tabular-nums">
        {t('analytics.voteCount', {
          count: artist.voteCount,
          formatted: format.number(artist.voteCount),
        })}
      </span>
    </div>
  );
}
