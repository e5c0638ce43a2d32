import {
  BarChart3,
  CalendarClock,
  History,
  Landmark,
  MessageSquareText,
  Mic2,
  Trophy,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { AdminShell } from './admin-shell';
import { ArtistsTab } from './artists-tab';
import { CategoriesTab } from './categories-tab';
import { EventTab } from './event-tab';
import { MoneyAlerts } from './money-alerts';
import { SectionSpinner } from './section-spinner';
import { StatCards } from './stat-cards';
import { useTabGuard } from './use-tab-guard';

// Charts (recharts) are heavy: they download only when someone opens Analytics.
const AnalyticsTab = lazy(() =>
  import('./analytics-tab').then((m) => ({ default: m.AnalyticsTab })),
);
const ActivityTab = lazy(() => import('./activity-tab').then((m) => ({ default: m.ActivityTab })));
const FinanceTab = lazy(() => import('./finance-tab').then((m) => ({ default: m.FinanceTab })));
const MessagesTab = lazy(() => import('./messages-tab').then((m) => ({ default: m.MessagesTab })));

// Phones: the labels share one row, on two lines each if need be, rather than scroll.
// Below 400 px a quarter of the row is narrower than "Statistiques" or "Categories" at 14 px.
const TRIGGER_CLASS =
  'flex-1 max-sm:h-auto max-sm:min-h-10 max-sm:px-1.5 max-sm:py-1 max-sm:leading-tight max-sm:whitespace-normal max-[400px]:text-xs';

const TABS = [
  'artists',
  'categories',
  'analytics',
  'finance',
  'messages',
  'event',
  'activity',
] as const;
type AdminTab = (typeof TABS)[number];
const isAdminTab = (value: string | null): value is AdminTab =>
  (TABS as readonly (string | null)[]).includes(value);

/**
 * /admin. The open tab is kept in the address (?tab=), so a reload, or the way back from the
 * artist editor, lands where the organiser was.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('title'));
  const search = useSearch();
  const tabGuard = useTabGuard();
  const requested = new URLSearchParams(search).get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'artists';

  return (
    <AdminShell>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-8">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
        <StatCards />
        <MoneyAlerts />
        <Tabs
          value={tab}
          onValueChange={(value) =>
            tabGuard.switchTo(value === 'artists' ? '/admin' : `/admin?tab=${value}`)
          }
        >
          {/* Seven tabs do not fit one row of a phone: there they sit in a grid of four columns. */}
          <TabsList className="grid w-full grid-cols-4 max-sm:h-auto sm:inline-flex sm:w-auto">
            <TabsTrigger value="artists" className={TRIGGER_CLASS}>
              <Mic2 className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.artists')}
            </TabsTrigger>
            <TabsTrigger value="categories" className={TRIGGER_CLASS}>
              <Trophy className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.categories')}
            </TabsTrigger>
            <TabsTrigger value="analytics" className={TRIGGER_CLASS}>
              <BarChart3 className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.analytics')}
            </TabsTrigger>
            <TabsTrigger value="finance" className={TRIGGER_CLASS}>
              <Landmark className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.finance')}
            </TabsTrigger>
            <TabsTrigger value="messages" className={TRIGGER_CLASS}>
              <MessageSquareText className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.messages')}
            </TabsTrigger>
            <TabsTrigger value="event" className={TRIGGER_CLASS}>
              <CalendarClock className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.event')}
            </TabsTrigger>
            <TabsTrigger value="activity" className={TRIGGER_CLASS}>
              <History className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabs.activity')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="artists">
            <ArtistsTab />
          </TabsContent>
          <TabsContent value="categories">
            <CategoriesTab />
          </TabsContent>
          <TabsContent value="analytics">
            <Suspense fallback={<SectionSpinner />}>
              <AnalyticsTab />
            </Suspense>
          </TabsContent>
          <TabsContent value="finance">
            <Suspense fallback={<SectionSpinner />}>
              <FinanceTab />
            </Suspense>
          </TabsContent>
          <TabsContent value="messages">
            <Suspense fallback={<SectionSpinner />}>
              <MessagesTab />
            </Suspense>
          </TabsContent>
          <TabsContent value="event">
            <EventTab tabGuard={tabGuard} />
          </TabsContent>
          <TabsContent value="activity">
            <Suspense fallback={<SectionSpinner />}>
              <ActivityTab />
            </Suspense>
          </TabsContent>
        </Tabs>
      </div>
    </AdminShell>
  );
}
