import { Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_DEFAULTS, FIELD_LIMITS } from '#shared/limits';
import {
  categoryFormSchema,
  type AdminCategory,
  type CategoryFormInput,
} from '#shared/schemas/admin';
import { CategoryIcon } from '#client/components/category-icon';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { focusFirstError, formErrors, withoutError, type FormErrors } from '../form-errors';
import { FormField } from '#client/components/ui/form-field';
import { FrenchLabelNote } from '../french-label-note';
import { ImageUrlField } from '../image-url-field';
import { Textarea } from '#client/components/ui/textarea';
import { useSaveCategory } from './use-save-category';

type CategoryValues = { [K in keyof Required<CategoryFormInput>]: string };

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function initialValues(category: AdminCategory | undefined): CategoryValues {
  return {
    name: category?.name ?? '',
    nameFr: category?.nameFr ?? '',
    description: category?.description ?? '',
    descriptionFr: category?.descriptionFr ?? '',
    icon: category?.icon ?? CATEGORY_DEFAULTS.icon,
    backgroundImageUrl: category?.backgroundImageUrl ?? '',
    backgroundColor: category?.backgroundColor ?? CATEGORY_DEFAULTS.backgroundColor,
  };
}

export interface CategoryFormProps {
  /** The category to edit; without it the form creates one. */
  category?: AdminCategory;
  onSuccess: () => void;
  onCancel: () => void;
}

/**
 * Create or edit a category. New categories start with the trophy icon and #3B82F6;
 * the shared schema checks the fields exactly as the server will.
 */
export function CategoryForm({ category, onSuccess, onCancel }: CategoryFormProps) {
  const { t } = useTranslation('admin');
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => initialValues(category));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveCategory(category?.id);
  const french = {
    machineTranslated: category?.machineTranslated,
    missingFrench: category?.missingFrench,
  };

  const bind = (field: keyof CategoryValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => withoutError(current, field));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = categoryFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(formErrors(parsed.error, t));
      // After React has marked the fields invalid.
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => onSuccess() });
  };

  const colorSwatch = HEX_COLOR.test(values.backgroundColor.trim())
    ? values.backgroundColor.trim()
    : CATEGORY_DEFAULTS.backgroundColor;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id="category-name" label={t('categoryForm.name')} required error={errors.name}>
          {(control) => (
            <Input {...control} {...bind('name')} maxLength={FIELD_LIMITS.categoryName} required />
          )}
        </FormField>
        <FormField
          id="category-name-fr"
          label={t('categoryForm.nameFr')}
          labelExtra={<FrenchLabelNote field="nameFr" {...french} />}
          error={errors.nameFr}
        >
          {(control) => (
            <Input
              {...control}
              {...bind('nameFr')}
              lang="fr"
              maxLength={FIELD_LIMITS.categoryName}
            />
          )}
        </FormField>
        <FormField
          id="category-description"
          label={t('categoryForm.description')}
          error={errors.description}
        >
          {(control) => <Textarea {...control} {...bind('description')} rows={3} />}
        </FormField>
        <FormField
          id="category-description-fr"
          label={t('categoryForm.descriptionFr')}
          labelExtra={<FrenchLabelNote field="descriptionFr" {...french} />}
          error={errors.descriptionFr}
        >
          {(control) => <Textarea {...control} {...bind('descriptionFr')} lang="fr" rows={3} />}
        </FormField>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{t('french.hint')}</p>

      <FormField
        id="category-icon"
        label={t('categoryForm.icon')}
        hint={t('categoryForm.iconHint')}
        error={errors.icon}
      >
        {(control) => (
          <div className="flex items-center gap-3">
            <span
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-300"
              title={t('categoryForm.iconPreview')}
            >
              <CategoryIcon icon={values.icon} className="size-5" />
            </span>
            <Input
              {...control}
              {...bind('icon')}
              maxLength={FIELD_LIMITS.categoryIcon}
              spellCheck={false}
              autoCapitalize="off"
              placeholder={CATEGORY_DEFAULTS.icon}
            />
          </div>
        )}
      </FormField>

      <ImageUrlField
        id="category-background-image"
        label={t('categoryForm.backgroundImageUrl')}
        hint={t('image.urlHint')}
        error={errors.backgroundImageUrl}
        {...bind('backgroundImageUrl')}
        previewAlt={t('categoryForm.backgroundImagePreview')}
        previewClassName="h-11 w-16"
      />

      <FormField
        id="category-background-color"
        label={t('categoryForm.backgroundColor')}
        error={errors.backgroundColor}
      >
        {(control) => (
          <div className="flex items-center gap-3">
            <input
              type="color"
              value={colorSwatch}
              onChange={bind('backgroundColor').onChange}
              aria-label={t('categoryForm.colorPicker')}
              className="h-11 w-16 shrink-0 cursor-pointer rounded-lg border border-input bg-card p-1"
            />
            <Input
              {...control}
              {...bind('backgroundColor')}
              maxLength={FIELD_LIMITS.categoryBackgroundColor}
              spellCheck={false}
              autoCapitalize="off"
              placeholder={CATEGORY_DEFAULTS.backgroundColor}
            />
          </div>
        )}
      </FormField>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          {t('categoryForm.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending
            ? t('categoryForm.saving')
            : t(category ? 'categoryForm.save' : 'categoryForm.create')}
        </Button>
      </div>
    </form>
  );
}
