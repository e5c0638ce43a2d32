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
import { useProviderLabel } from '#client/lib/use-provider-label';
import type { ActivityPoint } from './activity-points';

// Card in ink blue, mobile money in gold: the palette of the rest of the back office.
const CARD_COLOR = '#36416b';
const MOBILE_MONEY_COLOR = '#c99a2e';
const AXIS_TICK = { fontSize: 12, fill: '#535a70' };
const CHART_HEIGHT = 280;
// Figures appear at once when the period changes: no growing bars to wait for.

export type ActivityMetric = 'votes' | 'revenue';

/** Legend text in the body colour: the gold of the series is too light for text on white. */
const legendText = (value: string) => <span className="text-sm text-foreground">{value}</span>;

interface ActivityChartProps {
  points: ActivityPoint[];
  metric: ActivityMetric;
  formatNumber: (value: number) => string;
  /** Short axis labels ('19.5K'), so the axes stay narrow on a phone. */
  formatCompact: (value: number) => string;
  formatMoney: (amount: number, currency: 'USD' | 'XAF') => string;
}

/**
 * Votes (stacked per provider) or revenue (one line per provider, each on its own axis since USD
 * and CFA do not share a scale) over the period. Lives in its own chunk: recharts is only
 * downloaded when someone opens Analytics.
 */
export function ActivityChart({
  points,
  metric,
  formatNumber,
  formatCompact,
  formatMoney,
}: ActivityChartProps) {
  const providerLabel = useProviderLabel();
  const cardName = providerLabel('stripe');
  const mobileName = providerLabel('campay');

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
          <Legend formatter={legendText} />
          <Bar
            dataKey="cardVotes"
            name={cardName}
            stackId="votes"
            fill={CARD_COLOR}
            isAnimationActive={false}
          />
          <Bar
            dataKey="mobileMoneyVotes"
            name={mobileName}
            stackId="votes"
            fill={MOBILE_MONEY_COLOR}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
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
          tickFormatter={(cents: number) => `$${formatCompact(cents / 100)}`}
          width={48}
        />
        <YAxis
          yAxisId="xaf"
          orientation="right"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={(xaf: number) => formatCompact(xaf)}
          width={48}
        />
        <Tooltip
          formatter={(value, _name, item) =>
            formatMoney(Number(value), item.dataKey === 'cardRevenue' ? 'USD' : 'XAF')
          }
        />
        <Legend formatter={legendText} />
        <Line
          yAxisId="usd"
          type="monotone"
          dataKey="cardRevenue"
          name={cardName}
          stroke={CARD_COLOR}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          yAxisId="xaf"
          type="monotone"
          dataKey="mobileMoneyRevenue"
          name={mobileName}
          stroke={MOBILE_MONEY_COLOR}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
