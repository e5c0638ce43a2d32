import { Loader2, Plus } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_NAME_MAX } from '#shared/schemas/event';
import {
  createEditionSchema,
  EDITION_SLUG_MAX,
  type EditionSummary,
} from '#shared/schemas/edition';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { useLanguage } from '#client/lib/use-language';
import { focusFirstError, formErrors, withoutError, type FormErrors } from '../form-errors';
import { editionName } from './editions-query';
import { useEditionAction } from './use-edition-actions';

/** The select's value for "start empty" (a select's value cannot be the empty string). */
const EMPTY = 'empty';

const BLANK = {
  slug: '',
  name: '',
  nameFr: '',
  copyFrom: EMPTY,
  copyNominees: false,
  makeCurrent: false,
};

/**
 * A new edition: its short name and names, empty or starting from another edition's categories
 * (and, if asked, its nominees), made current now or later. Checked with the same shared schema as
 * POST /api/admin/editions; its window and prices are then set in the Event tab.
 */
export function CreateEditionForm({ editions }: { editions: readonly EditionSummary[] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(BLANK);
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useEditionAction();

  const text = (field: 'slug' | 'name' | 'nameFr') => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => withoutError(current, field));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      slug: values.slug.trim(),
      name: values.name,
      nameFr: values.nameFr,
      copyFrom: values.copyFrom === EMPTY ? null : values.copyFrom,
      copyNominees: values.copyFrom !== EMPTY && values.copyNominees,
      makeCurrent: values.makeCurrent,
    };
    const parsed = createEditionSchema.safeParse(input);
    if (!parsed.success) {
      const found = formErrors(parsed.error, t);
      // The schema's wording for a malformed short name is English: the hint says it in both.
      if (found.slug && values.slug.trim() !== '') found.slug = t('editions.slugHint');
      setErrors(found);
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    create.mutate(
      { kind: 'create', input, name: values.name.trim() },
      { onSuccess: () => setValues(BLANK) },
    );
  };

  const sources = [
    { value: EMPTY, label: t('editions.copyNone') },
    ...editions.map((edition) => ({
      value: edition.slug,
      label: t('editions.copyFromEdition', { name: editionName(edition, language) }),
    })),
  ];
  const copying = values.copyFrom !== EMPTY;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby="create-edition-heading"
      className="flex flex-col gap-4"
    >
      <FormField
        id="edition-slug"
        label={t('editions.slug')}
        hint={t('editions.slugHint')}
        required
        error={errors.slug}
      >
        {(control) => (
          <Input
            {...control}
            {...text('slug')}
            maxLength={EDITION_SLUG_MAX}
            autoCapitalize="none"
            spellCheck={false}
            required
            className="w-48"
          />
        )}
      </FormField>
      <FormField id="edition-name" label={t('editions.name')} required error={errors.name}>
        {(control) => <Input {...control} {...text('name')} maxLength={EVENT_NAME_MAX} required />}
      </FormField>
      <FormField id="edition-name-fr" label={t('editions.nameFr')} error={errors.nameFr}>
        {(control) => (
          <Input {...control} {...text('nameFr')} lang="fr" maxLength={EVENT_NAME_MAX} />
        )}
      </FormField>
      <LabelledSelect
        id="edition-copy-from"
        label={t('editions.copyFrom')}
        value={values.copyFrom}
        onValueChange={(copyFrom) => setValues((current) => ({ ...current, copyFrom }))}
        options={sources}
      />
      <Check
        checked={copying && values.copyNominees}
        disabled={!copying}
        onChange={(copyNominees) => setValues((current) => ({ ...current, copyNominees }))}
      >
        {t('editions.copyNominees')}
      </Check>
      <Check
        checked={values.makeCurrent}
        onChange={(makeCurrent) => setValues((current) => ({ ...current, makeCurrent }))}
      >
        {t('editions.makeCurrentNow')}
      </Check>
      <Button type="submit" variant="accent" disabled={create.isPending} className="self-end">
        {create.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        {create.isPending ? t('editions.creating') : t('editions.create')}
      </Button>
    </form>
  );
}

function Check({
  checked,
  disabled = false,
  onChange,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-3 rounded-lg border border-border p-3 hover:bg-muted/50 has-[:disabled]:opacity-50">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-6 shrink-0 accent-ink-900"
      />
      <span className="text-sm font-medium">{children}</span>
    </label>
  );
}
