import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FIELD_LIMITS } from '#shared/limits';
import type { AdminNomination } from '#shared/schemas/admin';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import type { NominationValues } from './artist-form-values';
import type { FormErrors } from '../form-errors';
import { FormField } from '#client/components/ui/form-field';
import { FrenchLabelNote } from '../french-label-note';
import { ImageUrlField } from '../image-url-field';
import { Textarea } from '#client/components/ui/textarea';

interface NominationEditorProps {
  index: number;
  value: NominationValues;
  categoryName: string;
  /** The saved nomination, for its French status and votes; absent for one added now. */
  saved: AdminNomination | undefined;
  errors: FormErrors;
  /** The nomination with one field changed, and which. */
  onChange: (value: NominationValues, field: keyof NominationValues) => void;
  onRemove: () => void;
}

/** One category nomination. Every field is optional: blank uses the artist's own name, photo, bio. */
export function NominationEditor({
  index,
  value,
  categoryName,
  saved,
  errors,
  onChange,
  onRemove,
}: NominationEditorProps) {
  const { t } = useTranslation('admin');
  const prefix = `nomination-${value.categoryId}`;
  const headingId = `${prefix}-heading`;
  const error = (field: keyof NominationValues) => errors[`nominations.${index}.${field}`];
  const french = {
    machineTranslated: saved?.machineTranslated,
    missingFrench: saved?.missingFrench,
  };
  const bind = (field: keyof NominationValues) => ({
    value: value[field],
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...value, [field]: event.target.value }, field),
  });

  return (
    <Card className="p-4" role="group" aria-labelledby={headingId}>
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {categoryName}
          </h3>
          {saved ? (
            <p className="text-sm text-muted-foreground">
              {t('editor.nominationVotes', { count: saved.voteCount })}
            </p>
          ) : (
            <p className="text-sm text-gold-700">{t('editor.newNomination')}</p>
          )}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={t('editor.removeNominationLabel', { category: categoryName })}
          className="shrink-0 text-destructive hover:bg-destructive/5"
        >
          <Trash2 aria-hidden="true" />
          <span className="max-sm:sr-only">{t('editor.removeNomination')}</span>
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          id={`${prefix}-title`}
          label={t('editor.nominationTitle')}
          error={error('nominationTitle')}
        >
          {(control) => (
            <Input
              {...control}
              {...bind('nominationTitle')}
              maxLength={FIELD_LIMITS.nominationTitle}
              placeholder={t('editor.nominationTitlePlaceholder')}
            />
          )}
        </FormField>
        <FormField
          id={`${prefix}-title-fr`}
          label={t('editor.nominationTitleFr')}
          labelExtra={<FrenchLabelNote field="nominationTitleFr" {...french} />}
          error={error('nominationTitleFr')}
        >
          {(control) => (
            <Input
              {...control}
              {...bind('nominationTitleFr')}
              lang="fr"
              maxLength={FIELD_LIMITS.nominationTitle}
            />
          )}
        </FormField>
        <ImageUrlField
          id={`${prefix}-photo`}
          label={t('editor.nominationPhotoUrl')}
          hint={t('editor.nominationPhotoHint')}
          error={error('nominationPhotoUrl')}
          {...bind('nominationPhotoUrl')}
          previewAlt={t('editor.nominationPhotoPreview', { category: categoryName })}
          previewClassName="size-11"
          className="sm:col-span-2"
        />
        <FormField
          id={`${prefix}-description`}
          label={t('editor.nominationDescription')}
          error={error('nominationDescription')}
        >
          {(control) => (
            <Textarea
              {...control}
              {...bind('nominationDescription')}
              rows={3}
              placeholder={t('editor.nominationDescriptionPlaceholder')}
            />
          )}
        </FormField>
        <FormField
          id={`${prefix}-description-fr`}
          label={t('editor.nominationDescriptionFr')}
          labelExtra={<FrenchLabelNote field="nominationDescriptionFr" {...french} />}
          error={error('nominationDescriptionFr')}
        >
          {(control) => (
            <Textarea {...control} {...bind('nominationDescriptionFr')} lang="fr" rows={3} />
          )}
        </FormField>
      </div>
    </Card>
  );
}
