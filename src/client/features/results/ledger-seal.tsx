import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LedgerHead } from '#shared/schemas/ledger';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { copyText } from '#client/lib/share-link';
import { shortHash } from './short-hash';

/**
 * The ledger's two seals, which a voter notes (a screenshot, a copy) and compares later: the root,
 * which never changes, and the chain's head, which moves with each change appended since.
 */
export function LedgerSeal({
  seal,
}: {
  seal: Pick<LedgerHead, 'root' | 'head' | 'correctionCount'>;
}) {
  const { t } = useTranslation('results');
  return (
    <div className="flex flex-col gap-2 text-sm">
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
        <SealLine label={t('ledger.root')} name={t('ledger.rootName')} hash={seal.root} />
        <SealLine label={t('ledger.head')} name={t('ledger.headName')} hash={seal.head} />
      </dl>
      <p className="text-muted-foreground">
        {seal.correctionCount === 0
          ? t('ledger.chainUnchanged')
          : t('ledger.chainGrown', { count: seal.correctionCount })}
      </p>
    </div>
  );
}

function SealLine({ label, name, hash }: { label: string; name: string; hash: string }) {
  const { t } = useTranslation('results');
  async function copy() {
    if (await copyText(hash)) toast({ title: t('ledger.copied', { name }) });
    else toast({ title: t('ledger.copyFailed'), variant: 'destructive' });
  }
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-1">
        <code className="font-mono text-foreground" title={hash}>
          {shortHash(hash)}
        </code>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('ledger.copy', { name })}
          title={t('ledger.copy', { name })}
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" />
        </Button>
      </dd>
    </div>
  );
}
