import type { SalesRevenueDay } from '@shop/shared';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatPrice, formatUtcDay } from '@/utils/format';

// Only what a bar chart needs, so the chart's script stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * Net revenue per day as bars (negative on a day of more refunds than payments). Its own
 * script, loaded by the sales page only; the page's table carries the same figures as text.
 */
export default function RevenueChart({ days, label }: { days: readonly SalesRevenueDay[]; label: string }) {
  // The theme's own colour; a canvas reads no CSS variables.
  const bar = getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() || '#c2410c';
  return (
    <div className="relative h-64 w-full sm:h-80">
      <Bar
        role="img"
        aria-label={label}
        data-testid="revenue-chart"
        data={{
          labels: days.map((day) => formatUtcDay(day.day)),
          datasets: [{ label: 'Net', data: days.map((day) => day.net), backgroundColor: bar, borderRadius: 3, maxBarThickness: 28 }],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
            y: { beginAtZero: true, ticks: { callback: (value) => formatPrice(Number(value)) } },
          },
          plugins: { tooltip: { callbacks: { label: (item) => formatPrice(Number(item.raw)) } } },
        }}
      />
    </div>
  );
}
