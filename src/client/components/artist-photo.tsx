import { useState } from 'react';
import { cn } from '#client/lib/cn';
import { initialsOf } from '#shared/initials';

interface ArtistPhotoProps {
  src: string | null | undefined;
  /** Used for the alt text and the initials of the placeholder. */
  name: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** The first visible images should not wait for lazy loading. */
  eager?: boolean;
}

/**
 * The photo, or a placeholder with the artist's initials when there is none or it fails to load.
 * width/height reserve the space so the grid does not jump while photos arrive.
 */
export function ArtistPhoto({ src, name, alt, width, height, className, eager }: ArtistPhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn('block bg-muted object-cover', className)}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={alt}
      data-testid="artist-photo-placeholder"
      style={{ aspectRatio: `${width} / ${height}` }}
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-ink-800 via-ink-900 to-ink-950',
        className,
      )}
    >
      <span className="font-display text-4xl font-semibold tracking-wide text-gold-300/90">
        {initialsOf(name) || '★'}
      </span>
    </div>
  );
}
