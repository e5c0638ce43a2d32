import { Loader2, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button';

interface DeleteButtonProps {
  /** The visible word ('Delete'). */
  text: string;
  /** What a reader hears: the word and what it deletes ('Delete Ama Fotso'). */
  label: string;
  deleting: boolean;
  onClick: () => void;
}

/** The red outline Delete of the admin cards, with a spinner while the request runs. */
export function DeleteButton({ text, label, deleting, onClick }: DeleteButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={deleting}
      aria-label={label}
      className="flex-1 border-destructive/40 text-destructive hover:bg-destructive/5"
    >
      {deleting ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Trash2 aria-hidden="true" />
      )}
      {text}
    </Button>
  );
}
