/**
 * The reports page's charts (docs/operations.md#reports-exports-and-inside-now): Chart.js through
 * react-chartjs-2, with only
 * the parts these charts use registered (bars, a line, a doughnut, their scales and the
 * tooltip), so the rest of Chart.js is shaken out of the build. This module is imported by
 * the reports page alone, which App.tsx loads lazily: Chart.js is in the /reports chunk
 * only, never in what /login loads.
 *
 * Each chart is a picture of the table beside it (which carries the same numbers for
 * screen readers and for jsdom, which has no canvas): the canvas is `role="img"` with a
 * label naming the figure, and points to the table.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';

import { useLanguage } from '../../lib/i18n';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);

/** The value of a CSS custom property of the page (a colour of index.css or theme-dark.css), or `fallback`. */
function cssColor(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * The colours of a chart, read from the page's variables when it is drawn, so the charts
 * follow the light or dark palette: the brand colour for the data, slate for text and grid.
 */
function palette() {
  return {
    data: cssColor('--color-brand-600', '#0d9488'),
    text: cssColor('--color-slate-600', '#475569'),
    grid: cssColor('--color-slate-200', '#e2e8f0'),
    series: [
      cssColor('--color-brand-600', '#0d9488'),
      cssColor('--color-amber-500', '#f59e0b'),
      cssColor('--color-sky-500', '#0ea5e9'),
      cssColor('--color-slate-400', '#94a3b8'),
      cssColor('--color-emerald-500', '#10b981'),
      cssColor('--color-red-500', '#ef4444'),
    ],
  };
}

export interface ReportChartProps {
  /** `bar` (vertical), `bar-horizontal` (long labels, e.g. houses), `line` (a series over days) or `doughnut` (parts of a whole). */
  kind: 'bar' | 'bar-horizontal' | 'line' | 'doughnut';
  labels: string[];
  values: number[];
  /** What the values count (the dataset's name in the tooltip). */
  seriesLabel: string;
  /** The figure's name, read out for the picture. */
  ariaLabel: string;
  /** Id of the table with the same numbers. */
  tableId: string;
}

/**
 * Whether this browser can draw on a canvas. jsdom (the component tests) cannot: there the
 * canvas stays blank, with its name and its table, and Chart.js is not started on it.
 */
const canDraw = typeof CanvasRenderingContext2D !== 'undefined';

/** One figure as a chart (see the file's comment). */
export function ReportChart({ kind, labels, values, seriesLabel, ariaLabel, tableId }: ReportChartProps) {
  const colours = palette();
  // The axes' and tooltips' numbers in the user's language (Chart.js would take the browser's).
  const locale = useLanguage();
  const canvasProps = { role: 'img', 'aria-label': ariaLabel, 'aria-describedby': tableId } as const;
  if (!canDraw) return <canvas {...canvasProps} />;
  if (kind === 'doughnut') {
    const data: ChartData<'doughnut'> = {
      labels,
      datasets: [{ label: seriesLabel, data: values, backgroundColor: colours.series.slice(0, values.length), borderWidth: 0 }],
    };
    const options: ChartOptions<'doughnut'> = {
      locale,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { position: 'bottom', labels: { color: colours.text } } },
    };
    return <Doughnut data={data} options={options} {...canvasProps} />;
  }
  const scales = {
    x: { ticks: { color: colours.text }, grid: { color: colours.grid } },
    y: { beginAtZero: true, ticks: { color: colours.text, precision: 0 }, grid: { color: colours.grid } },
  };
  if (kind === 'line') {
    const data: ChartData<'line'> = {
      labels,
      datasets: [{ label: seriesLabel, data: values, borderColor: colours.data, backgroundColor: colours.data, pointRadius: 2, tension: 0.2 }],
    };
    const options: ChartOptions<'line'> = { locale, responsive: true, maintainAspectRatio: false, scales, plugins: { legend: { display: false } } };
    return <Line data={data} options={options} {...canvasProps} />;
  }
  const data: ChartData<'bar'> = {
    labels,
    datasets: [{ label: seriesLabel, data: values, backgroundColor: colours.data, borderRadius: 4, maxBarThickness: 36 }],
  };
  const horizontal = kind === 'bar-horizontal';
  const options: ChartOptions<'bar'> = {
    locale,
    responsive: true,
    maintainAspectRatio: false,
    indexAxis: horizontal ? 'y' : 'x',
    scales: horizontal
      ? { x: { ...scales.y }, y: { ...scales.x } }
      : scales,
    plugins: { legend: { display: false } },
  };
  return <Bar data={data} options={options} {...canvasProps} />;
}
