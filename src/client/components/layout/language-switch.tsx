import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/limits';
import { changeLanguage } from '#client/lib/i18n';
import { cn } from '#client/lib/cn';
import { useLanguage } from '#client/lib/use-language';

interface LanguageSwitchProps {
  className?: string;
}

/** EN | FR toggle. Two real buttons with aria-pressed, so it works with a keyboard and a reader. */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  const { t } = useTranslation('common');
  const current = useLanguage();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-lg bg-white/10 p-0.5 ring-1 ring-white/15', className)}
    >
      {LANGUAGES.map((language) => {
        const active = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            // The name contains the visible code so voice control ("click FR") finds it.
            aria-label={`${t(`language.${language}`)} (${language.toUpperCase()})`}
            onClick={() => {
              if (!active) void changeLanguage(language);
            }}
            className={cn(
              'inline-flex h-8 min-w-9 items-center justify-center rounded-md px-2 text-xs font-bold tracking-wide uppercase transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-400',
              active
                ? 'bg-gold-400 text-ink-950'
                : 'text-white/85 hover:bg-white/10 hover:text-white',
            )}
          >
            {language}
          </button>
        );
      })}
    </div>
  );
}
