import { ArrowLeft, Loader2, Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_LIMITS } from '#shared/limits';
import {
  artistFormSchema,
  type AdminArtistDetail,
  type AdminCategory,
} from '#shared/schemas/admin';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast-store';
import { useLocalized } from '#client/lib/use-localized';
import {
  emptyNomination,
  hasChanges,
  type ArtistValues,
  type NominationValues,
} from './artist-form-values';
import { CategoryPicker } from './category-picker';
import { focusFirstError, formErrors, withoutError, type FormErrors } from '../form-errors';
import { FormField } from '#client/components/ui/form-field';
import { FrenchLabelNote } from '../french-label-note';
import { ImageUrlField } from '../image-url-field';
import { MissingFrenchBadge } from '../missing-french-badge';
import { NominationEditor } from './nomination-editor';
import { Textarea } from '#client/components/ui/textarea';
import { UnsavedChangesDialog } from '../unsaved-changes-dialog';
import { useLeaveGuard } from '../use-leave-guard';
import { useScrollPadding } from '../use-scroll-padding';
import { useSaveArtist } from './use-save-artist';
import { useAdminEdition, withEdition } from '../edition';

interface ArtistFormProps {
  /** The artist being edited, or null to create one. */
  artist: AdminArtistDetail | null;
  /** What the editor started from; unsaved changes are measured against it. */
  loaded: ArtistValues;
  categories: readonly AdminCategory[];
}

export function ArtistForm({ artist, loaded, categories }: ArtistFormProps) {
  const { t } = useTranslation('admin');
  // Back to the dashboard of the edition being edited.
  const adminHome = withEdition('/admin', useAdminEdition());
  const localized = useLocalized();
  const formRef = useRef<HTMLFormElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const [values, setValues] = useState<ArtistValues>(loaded);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  // Saving clears the unsaved flag, so leaving for /admin does not ask.
  const dirty = !saved && hasChanges(values, loaded);
  const guard = useLeaveGuard(dirty);
  // The action bar sticks to the bottom of the window.
  useScrollPadding('bottom', '6rem');
  const save = useSaveArtist(artist?.id ?? null, () => {
    setSaved(true);
    guard.leaveNow(adminHome);
  });
  const french = {
    machineTranslated: artist?.machineTranslated,
    missingFrench: artist?.missingFrench,
  };

  const categoryName = (categoryId: string) => {
    const category = categories.find((c) => c.id === categoryId);
    if (category) return localized(category.name, category.nameFr);
    // A nomination in a category that has since been hidden still shows its saved name.
    return artist?.nominations.find((n) => n.categoryId === categoryId)?.categoryName ?? '';
  };

  const bind = (field: 'name' | 'bio' | 'bioFr' | 'photoUrl') => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => withoutError(current, field));
    },
  });

  const addNomination = (categoryId: string) => {
    if (values.nominations.some((nomination) => nomination.categoryId === categoryId)) {
      toast({
        title: t('toasts.alreadyAddedTitle'),
        description: t('toasts.alreadyAddedText'),
        variant: 'destructive',
      });
      return;
    }
    setValues((current) => ({
      ...current,
      nominations: [...current.nominations, emptyNomination(categoryId)],
    }));
    setErrors(({ nominations: _gone, ...rest }) => rest);
    // Straight into the new nomination's first field.
    requestAnimationFrame(() => document.getElementById(`nomination-${categoryId}-title`)?.focus());
  };

  const updateNomination = (index: number, next: NominationValues, field: string) => {
    setValues((current) => ({
      ...current,
      nominations: current.nominations.map((nomination, i) => (i === index ? next : nomination)),
    }));
    setErrors((current) => withoutError(current, `nominations.${index}.${field}`));
  };

  const removeNomination = (index: number) => {
    setValues((current) => ({
      ...current,
      nominations: current.nominations.filter((_, i) => i !== index),
    }));
    // Errors are keyed by position, which has just changed.
    setErrors({});
    pickerRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = artistFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = formErrors(parsed.error, t);
      setErrors(found);
      if (found.nominations && Object.keys(found).length === 1) {
        toast({
          title: t('toasts.errorTitle'),
          description: found.nominations,
          variant: 'destructive',
        });
        pickerRef.current?.focus();
      } else {
        requestAnimationFrame(() => focusFirstError(formRef.current));
      }
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const backToAdmin = () => guard.requestLeave(adminHome);
  const nominationsErrorId = errors.nominations ? 'nominations-error' : undefined;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Button variant="link" className="h-auto min-h-6 self-start px-0" onClick={backToAdmin}>
            <ArrowLeft aria-hidden="true" />
            {t('editor.backToAdmin')}
          </Button>
          <h1 className="font-display text-2xl font-semibold break-words sm:text-3xl">
            {artist ? t('editor.editTitle', { name: artist.name }) : t('editor.createTitle')}
          </h1>
        </div>
        {artist ? <MissingFrenchBadge fields={artist.missingFrench} /> : null}
      </div>

      <Card className="p-4 sm:p-6">
        <section aria-labelledby="artist-details-heading" className="flex flex-col gap-4">
          <h2 id="artist-details-heading" className="text-lg font-semibold">
            {t('editor.detailsHeading')}
          </h2>
          <FormField id="artist-name" label={t('editor.name')} required error={errors.name}>
            {(control) => (
              <Input
                {...control}
                {...bind('name')}
                maxLength={FIELD_LIMITS.artistName}
                autoComplete="off"
                required
              />
            )}
          </FormField>
          <ImageUrlField
            id="artist-photo-url"
            label={t('editor.photoUrl')}
            hint={t('image.urlHint')}
            error={errors.photoUrl}
            {...bind('photoUrl')}
            previewAlt={t('editor.photoPreview')}
            previewClassName="size-16 rounded-xl"
          />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <FormField id="artist-bio" label={t('editor.bio')} error={errors.bio}>
              {(control) => <Textarea {...control} {...bind('bio')} rows={5} />}
            </FormField>
            <FormField
              id="artist-bio-fr"
              label={t('editor.bioFr')}
              labelExtra={<FrenchLabelNote field="bioFr" {...french} />}
              error={errors.bioFr}
            >
              {(control) => <Textarea {...control} {...bind('bioFr')} lang="fr" rows={5} />}
            </FormField>
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">{t('french.hint')}</p>
          <label className="flex items-start gap-3 rounded-lg border border-border p-3 hover:bg-muted/50">
            <input
              type="checkbox"
              checked={values.isFeatured}
              onChange={(event) =>
                setValues((current) => ({ ...current, isFeatured: event.target.checked }))
              }
              className="size-6 shrink-0 accent-ink-900"
            />
            <span className="flex flex-col gap-0.5">
              <span className="text-sm font-medium">{t('editor.isFeatured')}</span>
              <span className="text-xs text-muted-foreground">{t('editor.isFeaturedHint')}</span>
            </span>
          </label>
        </section>
      </Card>

      <Card className="p-4 sm:p-6">
        <section aria-labelledby="nominations-heading" className="flex flex-col gap-4">
          <div>
            <h2 id="nominations-heading" className="text-lg font-semibold">
              {t('editor.nominationsHeading')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('editor.nominationsIntro')}</p>
          </div>
          <CategoryPicker
            categories={categories}
            addedIds={values.nominations.map((nomination) => nomination.categoryId)}
            onAdd={addNomination}
            triggerRef={pickerRef}
            describedBy={nominationsErrorId}
            invalid={Boolean(errors.nominations)}
          />
          {errors.nominations ? (
            <p
              id={nominationsErrorId}
              role="alert"
              className="text-sm font-medium text-destructive"
            >
              {errors.nominations}
            </p>
          ) : null}
          {values.nominations.length === 0 ? (
            <p className="rounded-lg border border-dashed border-input p-4 text-center text-sm text-muted-foreground">
              {t('editor.noNominations')}
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {values.nominations.map((nomination, index) => (
                <li key={nomination.categoryId}>
                  <NominationEditor
                    index={index}
                    value={nomination}
                    categoryName={categoryName(nomination.categoryId)}
                    saved={artist?.nominations.find((n) => n.categoryId === nomination.categoryId)}
                    errors={errors}
                    onChange={(next, field) => updateNomination(index, next, field)}
                    onRemove={() => removeNomination(index)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>

      {/* Always in reach on a long form: the actions stick to the bottom of the window. */}
      <div className="sticky bottom-0 z-30 -mx-3 border-t border-border bg-background/95 px-3 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-end gap-2">
          {/* Always present so screen readers announce the change; on phones read out, not
              shown, so the actions keep to one row. */}
          <p
            className="mr-auto text-sm font-medium text-gold-700 max-sm:sr-only"
            aria-live="polite"
          >
            {dirty ? t('editor.unsavedNote') : ''}
          </p>
          <Button variant="outline" onClick={backToAdmin} disabled={save.isPending}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {save.isPending
              ? t('editor.saving')
              : t(artist ? 'editor.saveChanges' : 'editor.createArtist')}
          </Button>
        </div>
      </div>

      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}
