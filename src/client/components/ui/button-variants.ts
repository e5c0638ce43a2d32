import { cva, type VariantProps } from 'class-variance-authority';

/** Kept apart from button.tsx so links styled as buttons can reuse the look. */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 ' +
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-ink-800',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-gold-300',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        secondary: 'bg-muted text-foreground hover:bg-[#e6e3da]',
        ghost: 'text-foreground hover:bg-muted',
        'ghost-inverse': 'text-white hover:bg-white/10',
        'outline-inverse': 'border border-white/30 text-white hover:bg-white/10',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-[#912018]',
        link: 'text-ink-800 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
        'icon-sm': 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
