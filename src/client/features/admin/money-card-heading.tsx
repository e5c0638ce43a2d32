import { CreditCard, Smartphone, type LucideIcon } from 'lucide-react';
import type { Provider } from '#shared/money';
import { cn } from '#client/lib/cn';

/** Card payments and mobile money, told apart by the same icon and colour on every admin card. */
const LOOK: Record<Provider, { icon: LucideIcon; tone: string }> = {
  stripe: { icon: CreditCard, tone: 'bg-[#e0eaff] text-[#1d3fae]' },
  campay: { icon: Smartphone, tone: 'bg-[#dcfae6] text-success' },
};

interface MoneyCardHeadingProps {
  provider: Provider;
  /** The heading's id, which the card's group is labelled by. */
  id: string;
  title: string;
  note: string;
}

/** The top of a card of money figures (analytics, finance): its provider's icon, name and note. */
export function MoneyCardHeading({ provider, id, title, note }: MoneyCardHeadingProps) {
  const { icon: Icon, tone } = LOOK[provider];
  return (
    <div className="flex items-center gap-3">
      <span className={cn('inline-flex size-10 items-center justify-center rounded-xl', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        <p className="text-xs text-muted-foreground">{note}</p>
      </div>
    </div>
  );
}
