import { LayoutGrid, List, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '../../../shared/schemas/admin';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { useLocalized } from '../../lib/use-localized';
import { ALL_CATEGORIES, ARTIST_SORTS, isArtistSort, type ArtistFilters } from './artist-filters';
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
      <div className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1.5 max-md:order-2">
        <Label id="artist-category-label">{t('artists.categoryLabel')}</Label>
        <Select value={filters.categoryId} onValueChange={(categoryId) => set({ categoryId })}>
          <SelectTrigger aria-labelledby="artist-category-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CATEGORIES}>{t('artists.allCategories')}</SelectItem>
            {categories.map((category) => (
              <SelectItem key={category.id} value={category.id}>
                {localized(category.name, category.nameFr)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1.5 max-md:order-2">
        <Label id="artist-sort-label">{t('artists.sortLabel')}</Label>
        <Select
          value={filters.sort}
          onValueChange={(sort) => {
            if (isArtistSort(sort)) set({ sort });
          }}
        >
          <SelectTrigger aria-labelledby="artist-sort-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ARTIST_SORTS.map((sort) => (
              <SelectItem key={sort} value={sort}>
                {t(`artists.sort.${sort}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div
        role="group"
        aria-label={t('artists.viewLabel')}
        className="inline-flex h-11 items-center rounded-lg bg-muted p-1 max-md:order-1"
      >
        {(
          [
            ['list', List],
            ['grid', LayoutGrid],
          ] as const
        ).map(([mode, Icon]) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view === mode}
            aria-label={t(mode === 'list' ? 'artists.viewList' : 'artists.viewGrid')}
            title={t(mode === 'list' ? 'artists.viewList' : 'artists.viewGrid')}
            onClick={() => onViewChange(mode)}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              view === mode
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        ))}
      </div>
    </div>
  );
}
