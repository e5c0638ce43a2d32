import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

const GROUP = 4;

/**
 * The code large and monospaced, split into groups of 4 so it can be read aloud or copied by
 * hand without losing one's place. The groups are spans without spaces between them, so selecting
 * and copying the code still yields it whole.
 */
export function ReceiptCode({ code }: { code: string }) {
  const { t } = useTranslation('receipts');
  const groups = code.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [code];
  return (
    <div className="rounded-xl border-2 border-dashed border-gold-400 bg-gold-50 px-4 py-3 text-center">
      <p className="text-xs font-semibold tracking-[0.14em] text-gold-800 uppercase">
        {t('modal.code')}
      </p>
      <p
        className="mt-1 font-mono text-xl font-bold tracking-[0.12em] text-ink-950 min-[360px]:text-2xl min-[400px]:text-3xl"
        translate="no"
        data-testid="receipt-code"
      >
        {groups.map((group, index) => (
          <Fragment key={index}>
            {/* A place to break the line that adds no character to a copied code. */}
            {index > 0 ? <wbr /> : null}
            <span className={index > 0 ? 'ml-3' : undefined}>{group}</span>
          </Fragment>
        ))}
      </p>
      <p className="mt-1 text-xs text-ink-700">{t('modal.codeHint')}</p>
    </div>
  );
}
