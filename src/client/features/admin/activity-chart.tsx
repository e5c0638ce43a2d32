import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/money';
import type { ActivityPoint } from './activity-points';

// Card in ink blue, mobile money in gold: the palette of the rest of the back office.
const CARD_COLOR = '#36416b';
const MOBILE_MONEY_COLOR = '#c99a2e';
const AXIS_TICK = { fontSize: 12, fill: '#535a70' };
const CHART_HEIGHT = 280;

export type ActivityMetric = 'votes' | 'revenue';

interface ActivityChartProps {
  points: ActivityPoint[];
  metric: ActivityMetric;
  formatNumber: (value: number) => string;
}

/**
 * Votes (stacked per provider) or revenue (one line per provider, each on its own axis since USD
 * and CFA do not share a scale) over the period. Lives in its own chunk: recharts is only
 * downloaded when someone opens Analytics.
 */
export function ActivityChart({ points, metric, formatNumber }: ActivityChartProps) {
  const { t } = useTranslation('admin');
  const cardName = t('analytics.providers.stripe');
  const mobileName = t('analytics.providers.campay');

  if (metric === 'votes') {
    return (
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart
          data={points}
          margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2dfd5" />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={16} />
          <YAxis
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            tickFormatter={formatNumber}
          />
          <Tooltip
            formatter={(value) => formatNumber(Number(value))}
            cursor={{ fill: '#efede6' }}
          />
          <Legend />
          <Bar dataKey="cardVotes" name={cardName} stackId="votes" fill={CARD_COLOR} />
          <Bar
            dataKey="mobileMoneyVotes"
            name={mobileName}
            stackId="votes"
            fill={MOBILE_MONEY_COLOR}
            radius={[3, 3, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    );
  }
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart
        data={points}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2dfd5" />
        <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={16} />
        <YAxis
          yAxisId="usd"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={(cents: number) => formatAmount(cents, 'USD')}
        />
        <YAxis
          yAxisId="xaf"
          orientation="right"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={(xaf: number) => formatAmount(xaf, 'XAF')}
        />
        <Tooltip
          formatter={(value, _name, item) =>
            formatAmount(Number(value), item.dataKey === 'cardRevenue' ? 'USD' : 'XAF')
          }
        />
        <Legend />
        <Line
          yAxisId="usd"
          type="monotone"
          dataKey="cardRevenue"
          name={cardName}
          stroke={CARD_COLOR}
          strokeWidth={2}
          dot={false}
        />
        <Line
          yAxisId="xaf"
          type="monotone"
          dataKey="mobileMoneyRevenue"
          name={mobileName}
          stroke={MOBILE_MONEY_COLOR}
          strokeWidth={2}
          dot={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
