import { ImageIcon, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageAddress } from '#shared/schemas/admin';
import { cn } from '#client/lib/cn';

interface ImageUrlPreviewProps {
  url: string;
  alt: string;
  className?: string;
}

/** What the typed address shows, so a wrong link is caught before saving. */
export function ImageUrlPreview({ url, alt, className }: ImageUrlPreviewProps) {
  const { t } = useTranslation('admin');
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const address = url.trim();
  const frame = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted',
    className,
  );
  if (!address) {
    return (
      <div className={cn(frame, 'text-muted-foreground')} title={t('image.none')}>
        <ImageIcon className="size-5" aria-hidden="true" />
      </div>
    );
  }
  if (!isImageAddress(address) || failedUrl === address) {
    return (
      <div
        className={cn(frame, 'flex-col gap-1 text-muted-foreground')}
        role="img"
        aria-label={t('image.failed')}
      >
        <ImageOff className="size-5" aria-hidden="true" />
        <span className="px-2 text-center text-xs">{t('image.failed')}</span>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={address}
        alt={alt}
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(address)}
        className="size-full object-cover"
      />
    </div>
  );
}
