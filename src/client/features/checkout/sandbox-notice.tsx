import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SandboxTestCard, SandboxTestPhone } from '#shared/schemas/payment';
import { Button } from '#client/components/ui/button';

type SandboxNoticeProps =
  | { kind: 'cards'; cards: readonly SandboxTestCard[]; onUse: (number: string) => void }
  | { kind: 'phones'; phones: readonly SandboxTestPhone[]; onUse: (number: string) => void };

const groupCard = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
const groupPhone = (number: string) =>
  number.replace(/^(\d{3})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');

/**
 * The UI says plainly that it is in sandbox mode. Lists the server's test numbers with
 * a button that fills each one in, so testers need not copy them by hand.
 */
export function SandboxNotice(props: SandboxNoticeProps) {
  const { t } = useTranslation('checkout');
  const items =
    props.kind === 'cards'
      ? props.cards.map((card) => ({
          number: card.number,
          shown: groupCard(card.number),
          outcome: t(`sandbox.outcomes.${card.outcome}`),
          useLabel: t('sandbox.useCard', { number: groupCard(card.number) }),
        }))
      : props.phones.map((phone) => ({
          number: phone.phoneNumber,
          shown: groupPhone(phone.phoneNumber),
          outcome: t(`sandbox.outcomes.${phone.outcome}`),
          useLabel: t('sandbox.usePhone', { number: groupPhone(phone.phoneNumber) }),
        }));

  return (
    <aside
      className="rounded-xl border border-dashed border-gold-500 bg-gold-50 p-3 text-sm text-gold-800"
      data-testid="sandbox-notice"
    >
      <p className="flex items-center gap-2 font-semibold text-ink-950">
        <FlaskConical className="size-4 shrink-0 text-gold-700" aria-hidden="true" />
        {t('sandbox.title')}
      </p>
      <p className="mt-1 text-ink-800">
        {props.kind === 'cards' ? t('sandbox.cardsIntro') : t('sandbox.phonesIntro')}
      </p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {items.map((item) => (
          <li key={item.number} className="flex items-center justify-between gap-2">
            <span className="min-w-0">
              <span
                className="block font-mono text-[0.8125rem] font-semibold text-ink-950"
                translate="no"
              >
                {item.shown}
              </span>
              <span className="block text-xs text-ink-700">{item.outcome}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              className="h-8 shrink-0 px-2.5"
              aria-label={item.useLabel}
              onClick={() => props.onUse(item.number)}
            >
              {t('sandbox.use')}
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
