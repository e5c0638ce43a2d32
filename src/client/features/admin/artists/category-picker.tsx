import { Plus } from 'lucide-react';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '#shared/schemas/admin';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select';
import { useLocalized } from '#client/lib/use-localized';

interface CategoryPickerProps {
  categories: readonly AdminCategory[];
  /** Category ids already nominated: left out of the list. */
  addedIds: readonly string[];
  onAdd: (categoryId: string) => void;
  /** Focus lands here when the form is sent without any nomination. */
  triggerRef?: Ref<HTMLButtonElement>;
  describedBy?: string;
  invalid?: boolean;
}

/** Choose a category not nominated yet, then Add. */
export function CategoryPicker({
  categories,
  addedIds,
  onAdd,
  triggerRef,
  describedBy,
  invalid,
}: CategoryPickerProps) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const [choice, setChoice] = useState('');
  const available = categories.filter((category) => !addedIds.includes(category.id));
  // A choice that has just been added is no longer offered.
  const value = available.some((category) => category.id === choice) ? choice : '';
  const placeholder =
    categories.length === 0
      ? t('editor.noCategoriesYet')
      : available.length === 0
        ? t('editor.allCategoriesAdded')
        : t('editor.chooseCategory');

  return (
    <div className="flex flex-col gap-1.5">
      <Label id="category-picker-label">{t('editor.addNomination')}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value={value} onValueChange={setChoice} disabled={available.length === 0}>
          <SelectTrigger
            ref={triggerRef}
            aria-labelledby="category-picker-label"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="sm:flex-1 aria-invalid:border-destructive"
          >
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {available.map((category) => (
              <SelectItem key={category.id} value={category.id}>
                {localized(category.name, category.nameFr)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button
          variant="secondary"
          disabled={!value}
          onClick={() => {
            onAdd(value);
            setChoice('');
          }}
        >
          <Plus aria-hidden="true" />
          {t('editor.add')}
        </Button>
      </div>
    </div>
  );
}
