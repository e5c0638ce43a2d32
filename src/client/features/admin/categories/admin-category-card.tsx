import { CalendarDays, Pencil, Users, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '#shared/schemas/admin';
import { CategoryIcon } from '#client/components/category-icon';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useLocalized } from '#client/lib/use-localized';
import { DeleteButton } from '../delete-button';
import { MissingFrenchBadge } from '../missing-french-badge';
import { useFormatters } from '../use-formatters';

interface AdminCategoryCardProps {
  category: AdminCategory;
  deleting: boolean;
  onEdit: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
}

/** Name, nominee count, description, votes and creation date, with Edit and Delete. */
export function AdminCategoryCard({
  category,
  deleting,
  onEdit,
  onDelete,
}: AdminCategoryCardProps) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const format = useFormatters();
  const name = localized(category.name, category.nameFr);
  const description = localized(category.description, category.descriptionFr);
  const created = format.date(category.createdAt);
  const headingId = `admin-category-${category.id}`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid="admin-category"
    >
      <div
        aria-hidden="true"
        className="h-2"
        style={{ background: category.backgroundColor ?? undefined }}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-300">
            <CategoryIcon icon={category.icon} />
          </span>
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg leading-snug font-semibold break-words">
              {name}
            </h3>
            <p className="mt-0.5 inline-flex items-center gap-1.5 text-sm font-medium text-gold-700">
              <Users className="size-4" aria-hidden="true" />
              {t('categories.nomineeCount', { count: category.artistCount })}
            </p>
          </div>
        </div>
        <p
          className={
            description
              ? 'line-clamp-3 text-sm text-muted-foreground'
              : 'text-sm text-muted-foreground italic'
          }
        >
          {description || t('categories.noDescription')}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="inline-flex items-center gap-1.5">
            <Vote className="size-4 text-gold-600" aria-hidden="true" />
            <span className="font-semibold text-foreground tabular-nums">
              {t('categories.votes', {
                count: category.voteCount,
                formatted: format.number(category.voteCount),
              })}
            </span>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 text-gold-600" aria-hidden="true" />
            {created ? t('categories.created', { date: created }) : t('categories.unknownDate')}
          </li>
        </ul>
        <MissingFrenchBadge fields={category.missingFrench} className="self-start" />
        <div className="mt-auto flex gap-2 pt-1">
          <Button
            variant="outline"
            size="sm"
            className="flex-1"
            onClick={() => onEdit(category)}
            aria-label={t('categories.editLabel', { name })}
          >
            <Pencil aria-hidden="true" />
            {t('categories.edit')}
          </Button>
          <DeleteButton
            text={t('categories.delete')}
            label={t('categories.deleteLabel', { name })}
            deleting={deleting}
            onClick={() => onDelete(category)}
          />
        </div>
      </div>
    </Card>
  );
}
