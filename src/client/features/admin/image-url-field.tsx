import type { ChangeEvent } from 'react';
import { Input } from '#client/components/ui/input';
import { FormField } from '#client/components/ui/form-field';
import { ImageUrlPreview } from './image-url-preview';

interface ImageUrlFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  previewAlt: string;
  /** The preview's size, e.g. a wide strip for a background, a square for a photo. */
  previewClassName: string;
  className?: string;
}

/**
 * An image address with a live preview. A plain text input rather than type="url": paths on this
 * site (/demo/...) are valid too, and the shared schema is the one judge.
 */
export function ImageUrlField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  previewAlt,
  previewClassName,
  className,
}: ImageUrlFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="flex items-center gap-3">
          <ImageUrlPreview url={value} alt={previewAlt} className={previewClassName} />
          <Input
            {...control}
            value={value}
            onChange={onChange}
            inputMode="url"
            spellCheck={false}
            autoCapitalize="off"
            placeholder="https://"
          />
        </div>
      )}
    </FormField>
  );
}
