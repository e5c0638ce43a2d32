import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatWholeNumber } from '#shared/format-whole-number';
import { useLanguage } from '#client/lib/use-language';
import { useBlockedPrompts } from './api/tracking-queries';

/**
 * What the site refused to protect voters' phones over the last day: requests to a phone that
 * declined or ignored its last prompts, and beyond a phone's hourly share. Shown only when there
 * is something to tell; a spike is the sign of someone sending prompts to a stranger's phone.
 */
export function BlockedPromptsNotice() {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const { data } = useBlockedPrompts();
  if (!data) return null;
  const { unanswered, hourlyLimit } = data.attempts;
  const total = unanswered + hourlyLimit;
  if (total === 0) return null;
  const count = (n: number) => formatWholeNumber(n, language);
  return (
    <p className="flex items-start gap-2 rounded-lg border border-border bg-card px-4 py-3 text-sm">
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
      <span>
        {t('blockedPrompts.summary', {
          count: total,
          requests: count(total),
          phones: t('blockedPrompts.phones', { count: data.phones, formatted: count(data.phones) }),
        })}{' '}
        <span className="text-muted-foreground">
          {t('blockedPrompts.detail', {
            unanswered: count(unanswered),
            hourlyLimit: count(hourlyLimit),
          })}
        </span>
      </span>
    </p>
  );
}
