import {
  BarChart3,
  CalendarClock,
  CalendarRange,
  History,
  Landmark,
  MessageSquareText,
  Mic2,
  Trophy,
} from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { AdminShell } from './admin-shell';
import { ArtistsTab } from './artists';
import { CategoriesTab } from './categories';
import { EventTab } from './event';
import { MoneyAlerts } from './money-alerts';
import { SectionSpinner } from './section-spinner';
import { StatCards } from './stat-cards';
import { useTabGuard } from './use-tab-guard';
import { EditionsTab, useAdminEdition, withEdition } from './edition';

// Charts (recharts) are heavy: they download only when someone opens Analytics.
const AnalyticsTab = lazy(() => import('./analytics').then((m) => ({ default: m.AnalyticsTab })));
const ActivityTab = lazy(() => import('./activity').then((m) => ({ default: m.ActivityTab })));
const FinanceTab = lazy(() => import('./finance').then((m) => ({ default: m.FinanceTab })));
const MessagesTab = lazy(() => import('./messages').then((m) => ({ default: m.MessagesTab })));

// Phones: the labels share one row, on two lines each if need be, rather than scroll.
// Below 400 px a quarter of the row is narrower than "Statistiques" or "Categories" at 14 px.
const TRIGGER_CLASS =
  'flex-1 max-sm:h-auto max-sm:min-h-10 max-sm:px-1.5 max-sm:py-1 max-sm:leading-tight max-sm:whitespace-normal max-[400px]:text-xs';

const TABS = [
  { value: 'artists', Icon: Mic2 },
  { value: 'categories', Icon: Trophy },
  { value: 'analytics', Icon: BarChart3 },
  { value: 'finance', Icon: Landmark },
  { value: 'messages', Icon: MessageSquareText },
  { value: 'event', Icon: CalendarClock },
  { value: 'editions', Icon: CalendarRange },
  { value: 'activity', Icon: History },
] as const;
type AdminTab = (typeof TABS)[number]['value'];
const isAdminTab = (value: string | null): value is AdminTab =>
  TABS.some((tab) => tab.value === value);

/**
 * /admin. The open tab is kept in the address (?tab=), so a reload, or the way back from the
 * artist editor, lands where the organiser was.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('title'));
  const search = useSearch();
  const tabGuard = useTabGuard();
  const edition = useAdminEdition();
  const requested = new URLSearchParams(search).get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'artists';
  // Only the open tab's panel is drawn; the lazy ones download when first opened.
  const panels: Record<AdminTab, ReactNode> = {
    artists: <ArtistsTab />,
    categories: <CategoriesTab />,
    analytics: <AnalyticsTab />,
    finance: <FinanceTab />,
    messages: <MessagesTab />,
    event: <EventTab tabGuard={tabGuard} />,
    editions: <EditionsTab />,
    activity: <ActivityTab />,
  };

  return (
    <AdminShell>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-8">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
        <StatCards />
        <MoneyAlerts />
        <Tabs
          value={tab}
          onValueChange={(value) =>
            tabGuard.switchTo(
              withEdition(value === 'artists' ? '/admin' : `/admin?tab=${value}`, edition),
            )
          }
        >
          {/* Eight tabs do not fit one row of a phone: there they sit in a grid of four columns. */}
          <TabsList className="grid w-full grid-cols-4 max-sm:h-auto sm:inline-flex sm:w-auto">
            {TABS.map(({ value, Icon }) => (
              <TabsTrigger key={value} value={value} className={TRIGGER_CLASS}>
                <Icon className="size-4 max-sm:hidden" aria-hidden="true" />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value }) => (
            <TabsContent key={value} value={value}>
              <Suspense fallback={<SectionSpinner />}>{panels[value]}</Suspense>
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </AdminShell>
  );
}
