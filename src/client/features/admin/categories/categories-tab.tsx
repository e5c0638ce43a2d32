import { AlertTriangle, Plus, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '#shared/schemas/admin';
import { EmptyState } from '#client/components/empty-state';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { useLocalized } from '#client/lib/use-localized';
import { AdminCategoryCard } from './admin-category-card';
import { useAdminCategories } from '../api/admin-queries';
import { CategoryDialog } from './category-dialog';
import { TabHeading } from '../tab-heading';
import { useDeleteCategory } from './use-delete-category';

const GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

interface DialogState {
  open: boolean;
  /** Kept while the dialog animates closed, so its title does not change under the eye. */
  category: AdminCategory | undefined;
}

export function CategoriesTab() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const localized = useLocalized();
  const categoriesQuery = useAdminCategories();
  const deleteCategory = useDeleteCategory();
  const [dialog, setDialog] = useState<DialogState>({ open: false, category: undefined });
  // The category asked about stays set while the question animates closed, so its name does not
  // vanish from the title.
  const [confirm, setConfirm] = useState<DialogState>({ open: false, category: undefined });
  const confirming = confirm.category;

  const openDialog = (category?: AdminCategory) => setDialog({ open: true, category });
  const addCategory = (
    <Button variant="accent" onClick={() => openDialog()}>
      <Plus aria-hidden="true" />
      {t('categories.add')}
    </Button>
  );

  let body;
  if (categoriesQuery.isPending) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('categories.loading')}
        className={GRID_CLASS}
      >
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-60 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  } else if (categoriesQuery.isError) {
    body = (
      <EmptyState
        as="h3"
        icon={AlertTriangle}
        title={t('categories.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void categoriesQuery.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (categoriesQuery.data.length === 0) {
    body = (
      <EmptyState
        as="h3"
        icon={Trophy}
        title={t('categories.emptyTitle')}
        text={t('categories.emptyText')}
        action={addCategory}
      />
    );
  } else {
    body = (
      <ul aria-label={t('categories.listLabel')} className={GRID_CLASS}>
        {categoriesQuery.data.map((category) => (
          <li key={category.id}>
            <AdminCategoryCard
              category={category}
              deleting={deleteCategory.isPending && deleteCategory.variables === category.id}
              onEdit={openDialog}
              onDelete={(category) => setConfirm({ open: true, category })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-4">
      <TabHeading id="categories-heading" title={t('categories.heading')} action={addCategory}>
        {categoriesQuery.data && categoriesQuery.data.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('categories.count', { count: categoriesQuery.data.length })}
          </p>
        ) : null}
      </TabHeading>
      {body}
      <CategoryDialog
        open={dialog.open}
        category={dialog.category}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {/* A category takes all its nominations off the site, so this one delete asks first. */}
      <AlertDialog
        open={confirm.open}
        onOpenChange={(open) => setConfirm((current) => ({ ...current, open }))}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t('categories.confirmDeleteTitle', {
                name: confirming ? localized(confirming.name, confirming.nameFr) : '',
              })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t('categories.confirmDeleteText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('categoryForm.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                if (confirming) deleteCategory.mutate(confirming.id);
              }}
            >
              {t('categories.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
