import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '#shared/schemas/admin';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { CategoryForm } from './category-form';

interface CategoryDialogProps {
  open: boolean;
  /** Set to edit; absent to add a new category. */
  category: AdminCategory | undefined;
  onClose: () => void;
}

/** The Add Category dialog, which doubles as the edit dialog. */
export function CategoryDialog({ open, category, onClose }: CategoryDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader className="pr-10">
          <DialogTitle>
            {t(category ? 'categoryForm.editTitle' : 'categoryForm.createTitle')}
          </DialogTitle>
          <DialogDescription>
            {t(category ? 'categoryForm.editDescription' : 'categoryForm.createDescription')}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed so opening it for another category starts from that category's values. */}
        <CategoryForm
          key={category?.id ?? 'new'}
          category={category}
          onSuccess={onClose}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
