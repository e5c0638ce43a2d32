import { LayoutGrid, List, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '#shared/schemas/admin';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { useLocalized } from '#client/lib/use-localized';
import { ALL_CATEGORIES, ARTIST_SORTS, isArtistSort, type ArtistFilters } from './artist-filters';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { SegmentedToggle } from '#client/components/ui/segmented-toggle';
import type { ArtistViewMode } from './use-artist-view-mode';

interface ArtistToolbarProps {
  filters: ArtistFilters;
  onFiltersChange: (filters: ArtistFilters) => void;
  categories: readonly AdminCategory[];
  view: ArtistViewMode;
  onViewChange: (view: ArtistViewMode) => void;
}

/** Search, category filter, sort and the list/grid toggle of the Manage Artists tab. */
export function ArtistToolbar({
  filters,
  onFiltersChange,
  categories,
  view,
  onViewChange,
}: ArtistToolbarProps) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const set = (patch: Partial<ArtistFilters>) => onFiltersChange({ ...filters, ...patch });

  return (
    // Laptop: one row. Phone: search beside the layout toggle, then category and sort.
    <div className="flex flex-wrap items-end gap-3 rounded-[var(--radius-card)] border border-border bg-card p-3 sm:p-4">
      <div className="flex min-w-0 flex-[2_1_14rem] flex-col gap-1.5">
        <Label htmlFor="artist-search">{t('artists.searchLabel')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="artist-search"
            type="search"
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
            placeholder={t('artists.searchPlaceholder')}
            className="pl-9"
            autoComplete="off"
          />
        </div>
      </div>
      <LabelledSelect
        id="artist-category"
        label={t('artists.categoryLabel')}
        value={filters.categoryId}
        onValueChange={(categoryId) => set({ categoryId })}
        options={[
          { value: ALL_CATEGORIES, label: t('artists.allCategories') },
          ...categories.map((category) => ({
            value: category.id,
            label: localized(category.name, category.nameFr),
          })),
        ]}
        className="flex-[1_1_9rem] max-md:order-2"
      />
      <LabelledSelect
        id="artist-sort"
        label={t('artists.sortLabel')}
        value={filters.sort}
        onValueChange={(sort) => {
          if (isArtistSort(sort)) set({ sort });
        }}
        options={ARTIST_SORTS.map((sort) => ({ value: sort, label: t(`artists.sort.${sort}`) }))}
        className="flex-[1_1_9rem] max-md:order-2"
      />
      <SegmentedToggle
        label={t('artists.viewLabel')}
        value={view}
        onChange={onViewChange}
        options={[
          { value: 'list', label: t('artists.viewList'), icon: List },
          { value: 'grid', label: t('artists.viewGrid'), icon: LayoutGrid },
        ]}
        className="h-11 max-md:order-1"
      />
    </div>
  );
}
