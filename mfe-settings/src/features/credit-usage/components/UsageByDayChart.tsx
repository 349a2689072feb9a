import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel, longDayLabel } from './day-label';

export interface UsageByDayChartProps {
  data: { date: string; consumed: number }[];
  consumedLabel: string;
  color: string;
  /** The user's language: the axis and tooltip write days its way ('10 mars', not '2026-03-10'). */
  language: string;
}

/**
 * The per-day bar chart of the credit-usage page, in its own module so the charting library loads
 * only when this page is opened, not with the settings area (it was most of the area's JS).
 */
export default function UsageByDayChart({ data, consumedLabel, color, language }: UsageByDayChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 260 }}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tick={{ fontSize: 12 }} tickFormatter={(date: string) => dayLabel(date, language)} />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 12 }}
          tickFormatter={(n: number) => new Intl.NumberFormat(language).format(n)}
        />
        <Tooltip labelFormatter={(date) => longDayLabel(String(date), language)} />
        <Bar dataKey="consumed" name={consumedLabel} fill={color} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
