import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The per-day bar chart of the credit-usage page, in its own module so the charting library loads
 * only when this page is opened, not with the settings area (it was most of the area's JS).
 */
export default function UsageByDayChart({ data, consumedLabel, color }: { data: { date: string; consumed: number }[]; consumedLabel: string; color: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 260 }}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="consumed" name={consumedLabel} fill={color} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
