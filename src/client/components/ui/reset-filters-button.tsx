import { RotateCcw } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/** The ghost 'Reset filters' button of a filter panel, its text as children. */
export function ResetFiltersButton({ children, ...props }: Omit<ButtonProps, 'variant'>) {
  return (
    <Button variant="ghost" {...props}>
      <RotateCcw aria-hidden="true" />
      {children}
    </Button>
  );
}
