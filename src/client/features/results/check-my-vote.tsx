import { BadgeCheck, Download, Loader2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Results } from '#shared/schemas/event';
import type { LedgerEntryProof, NominationVotes } from '#shared/schemas/ledger';
import { receiptCodeSchema } from '#shared/schemas/receipt';
import { formatEventDate } from '#shared/format-event-date';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-error';
import { cn } from '#client/lib/cn';
import { formatWholeNumber } from '#shared/format-whole-number';
import { useLanguage } from '#client/lib/use-language';
import { useLocalized } from '#client/lib/use-localized';
import { ledgerUrl, useLedgerEntry, useLedgerHead } from './api/ledger-entry-query';
import { useEditionScope } from '#client/lib/edition-scope';
import {
  canCheckProofs,
  checkEntryProof,
  isProvenEntry,
  type ProofCheck,
  type ProvenEntry,
} from './ledger-proof';
import { LedgerSeal } from './ledger-seal';
import { nomineeHeading } from './nominee-heading';

type PublishedCategories = Extract<Results, { published: true }>['categories'];

interface CheckMyVoteProps {
  categories: PublishedCategories;
  timezone: string;
}

/**
 * Under the published results: the ledger to download, and the voter's own check of their receipt
 * in it. The entry's nominations are named from the results the page already holds.
 */
export function CheckMyVote({ categories, timezone }: CheckMyVoteProps) {
  const { t } = useTranslation('results');
  const id = useId();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const entry = useLedgerEntry(submitted);
  const seal = useLedgerHead();
  const edition = useEditionScope();

  // Results published without a ledger (before ledgers existed): nothing to download or check.
  if (seal.data?.ledger === null) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = receiptCodeSchema.safeParse(code);
    if (!code.trim() || !parsed.success) {
      setInputError(t(code.trim() ? 'ledger.invalidCode' : 'ledger.missingCode'));
      inputRef.current?.focus();
      return;
    }
    setInputError(undefined);
    setSubmitted(parsed.data);
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-title`} className="font-display text-xl font-semibold sm:text-2xl">
          {t('ledger.title')}
        </h2>
        <p className="text-muted-foreground">{t('ledger.text')}</p>
        <a
          href={ledgerUrl(edition)}
          download="results-ledger.json"
          // On a narrow phone the French label takes two lines rather than overflowing; cn lets
          // these classes replace the button's single-line height and no-wrap.
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'h-auto min-h-10 w-full py-2 text-center whitespace-normal sm:w-auto sm:self-start',
          )}
        >
          <Download aria-hidden="true" />
          {t('ledger.download')}
        </a>
        {seal.data?.ledger ? <LedgerSeal seal={seal.data.ledger} /> : null}
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={`${id}-check`}
        className="flex flex-col gap-3 border-t border-border pt-5"
      >
        <h3 id={`${id}-check`} className="text-lg font-semibold">
          {t('ledger.checkTitle')}
        </h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField
            id={`${id}-code`}
            label={t('ledger.codeLabel')}
            hint={t('ledger.codeHint')}
            error={inputError}
            className="sm:max-w-xs sm:flex-1"
          >
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                value={code}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                className="font-mono tracking-wider uppercase"
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </FormField>
          <Button
            type="submit"
            size="lg"
            disabled={entry.isFetching}
            className="w-full sm:mt-7 sm:w-auto"
          >
            {entry.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {entry.isFetching ? t('ledger.checking') : t('ledger.check')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {submitted !== null && entry.isError ? (
          <p role="alert" className="font-medium text-destructive">
            {serverMessage(entry.error) ?? t('ledger.failed')}
          </p>
        ) : null}
        {submitted !== null && entry.data ? (
          <EntryCheck
            key={`${submitted}-${entry.dataUpdatedAt}`}
            answer={entry.data}
            receiptCode={submitted}
            categories={categories}
            timezone={timezone}
          />
        ) : null}
      </div>
    </Card>
  );
}

interface EntryCheckProps {
  answer: LedgerEntryProof;
  receiptCode: string;
  categories: PublishedCategories;
  timezone: string;
}

/** An entry under the root, checked here; or a payment counted after publication, by its corrections. */
function EntryCheck(props: EntryCheckProps) {
  const { answer } = props;
  return isProvenEntry(answer) ? (
    <ProvenEntryCheck {...props} answer={answer} />
  ) : (
    <LateCreditCheck {...props} />
  );
}

/** A payment credited after publication: no entry under the root, its votes in dated corrections. */
function LateCreditCheck({ answer, receiptCode, categories, timezone }: EntryCheckProps) {
  const { t } = useTranslation('results');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-muted/40 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {t('ledger.entryTitle', { code: receiptCode })}
      </h3>
      <p className="flex items-start gap-2">
        <BadgeCheck className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        {t('ledger.countedLate')}
      </p>
      <LedgerSeal seal={answer} />
      <LedgerCorrections answer={answer} categories={categories} timezone={timezone} />
    </div>
  );
}

/** What the ledger holds for the receipt, whether it proves its way to the root, its corrections. */
function ProvenEntryCheck({
  answer,
  receiptCode,
  categories,
  timezone,
}: EntryCheckProps & { answer: ProvenEntry }) {
  const { t } = useTranslation('results');
  const name = useNominationNames(categories);
  const [check, setCheck] = useState<ProofCheck | 'unavailable' | null>(() =>
    canCheckProofs() ? null : 'unavailable',
  );
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
    if (!canCheckProofs()) return;
    let current = true;
    void checkEntryProof(answer, receiptCode).then(
      (result) => {
        if (current) setCheck(result);
      },
      () => {
        if (current) setCheck('unavailable');
      },
    );
    return () => {
      current = false;
    };
  }, [answer, receiptCode]);

  const verified = check !== null && check !== 'unavailable' && check.ownsEntry && check.inRoot;
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-muted/40 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {t('ledger.entryTitle', { code: receiptCode })}
      </h3>
      <VotesList votes={answer.entry.votes} name={name} />
      {check === null ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('ledger.verifying')}
        </p>
      ) : check === 'unavailable' ? (
        <p className="flex items-start gap-2 text-muted-foreground">
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {t('ledger.cannotVerify')}
        </p>
      ) : verified ? (
        <p className="flex items-start gap-2 font-semibold text-success">
          <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {t('ledger.verified', { index: answer.leafIndex + 1, count: answer.entryCount })}
        </p>
      ) : (
        <p role="alert" className="flex items-start gap-2 font-semibold text-destructive">
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {t(check.ownsEntry ? 'ledger.notVerified' : 'ledger.notYours')}
        </p>
      )}
      <LedgerSeal seal={answer} />
      <LedgerCorrections answer={answer} categories={categories} timezone={timezone} />
    </div>
  );
}

/** The dated changes since publication to the receipt's votes, if any. */
function LedgerCorrections({
  answer,
  categories,
  timezone,
}: Pick<EntryCheckProps, 'answer' | 'categories' | 'timezone'>) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const name = useNominationNames(categories);
  const number = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    signDisplay: 'exceptZero',
  });
  if (answer.corrections.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h4 className="font-semibold">{t('ledger.correctionsTitle')}</h4>
      <ul className="flex flex-col gap-3">
        {answer.corrections.map((correction, index) => (
          <li key={index} className="flex flex-col gap-1">
            <span className="flex items-center gap-2 text-sm">
              <BadgeCheck className="size-4 text-muted-foreground" aria-hidden="true" />
              {t(`ledger.${correction.reason}`, {
                date: formatEventDate(correction.at, timezone, language),
              })}
            </span>
            <VotesList
              votes={correction.changes}
              name={name}
              format={(votes) =>
                t('votes', { count: Math.abs(votes), formatted: number.format(votes) })
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The category and nominee of each nomination the results show. */
function useNominationNames(categories: PublishedCategories) {
  const label = useLocalized();
  const language = useLanguage();
  const { t } = useTranslation('results');
  const names = useMemo(() => {
    const map = new Map<string, { category: string; nominee: string }>();
    for (const category of categories) {
      for (const nominee of category.nominees) {
        map.set(nominee.nominationId, {
          category: label(category.name, category.nameFr),
          nominee: nomineeHeading(nominee, language).title,
        });
      }
    }
    return map;
  }, [categories, label, language]);
  return (nominationId: string) =>
    names.get(nominationId) ?? { category: t('ledger.unknownCategory'), nominee: nominationId };
}

function VotesList({
  votes,
  name,
  format,
}: {
  votes: NominationVotes[];
  name: (nominationId: string) => { category: string; nominee: string };
  format?: (votes: number) => string;
}) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const show =
    format ??
    ((count: number) => t('votes', { count, formatted: formatWholeNumber(count, language) }));
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1fr)_auto]">
      {votes.map((v) => {
        const { category, nominee } = name(v.nominationId);
        return (
          <div key={v.nominationId} className="contents">
            <dt className="min-w-0 break-words">
              <span className="text-muted-foreground">{category}</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              <span className="font-medium">{nominee}</span>
            </dt>
            <dd className="mb-2 font-semibold tabular-nums sm:mb-0 sm:text-right">
              {show(v.votes)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
