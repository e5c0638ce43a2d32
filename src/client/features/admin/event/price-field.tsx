import type { ChangeEvent } from 'react';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';

interface PriceFieldProps {
  id: string;
  currency: 'XAF' | 'USD';
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A price per vote with its currency beside it: francs CFA are whole, dollars take cents. The
 * saved price, as money, is in the hint.
 */
export function PriceField({ id, currency, label, hint, error, value, onChange }: PriceFieldProps) {
  const whole = currency === 'XAF';
  return (
    <FormField id={id} label={label} hint={hint} error={error} required>
      {(control) => (
        <div className="flex items-center gap-2">
          <Input
            {...control}
            value={value}
            onChange={onChange}
            inputMode={whole ? 'numeric' : 'decimal'}
            className="w-36"
            required
          />
          <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
            {whole ? 'CFA' : 'USD'}
          </span>
        </div>
      )}
    </FormField>
  );
}
