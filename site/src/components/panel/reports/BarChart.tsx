import { useEffect, useRef } from 'react';

export interface BarSeries {
  label: string;
  data: number[];
  /** One colour for the series, or one per bar. */
  color: string | string[];
}

interface Props {
  /** A short name for screen readers, e.g. 'Gelir grafiği': the figures themselves are in the table. */
  label: string;
  labels: string[];
  series: BarSeries[];
  stacked?: boolean;
  /** Bars lying down: long category names (statuses, add-ons) read better. */
  horizontal?: boolean;
  /** A money axis is written in TL. */
  money?: boolean;
  className?: string;
}

/**
 * Series colours that hold at least 3:1 against both the light card (white) and the dark one (slate-900): green-600,
 * blue-500, orange-600, red-600, slate-500.
 */
export const CHART_COLORS = {
  green: '#16a34a',
  blue: '#3b82f6',
  orange: '#ea580c',
  red: '#dc2626',
  slate: '#64748b',
} as const;

const isDark = () => document.documentElement.classList.contains('dark');
const axisNumber = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/**
 * A bar chart drawn by chart.js, which is imported here, on first render, so only the Raporlar page ever downloads it
 * (no public page's budget carries it). To screen readers the canvas is one image with a short name: the table beside
 * it holds every figure. It is redrawn when the theme changes so its text and grid stay readable.
 */
export function BarChart({ label, labels, series, stacked, horizontal, money, className = 'h-64' }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current;
    // No 2D context (a test DOM, a browser without canvas): the table alone carries the report.
    if (!el?.getContext('2d')) return;
    let chart: { destroy(): void } | null = null;
    let live = true;
    const draw = async () => {
      const { Chart } = await import('chart.js/auto');
      if (!live) return;
      chart?.destroy();
      const dark = isDark();
      const text = dark ? '#cbd5e1' : '#334155';
      const grid = dark ? 'rgba(148,163,184,0.25)' : 'rgba(100,116,139,0.2)';
      const valueAxis = {
        stacked,
        beginAtZero: true,
        ticks: {
          color: text,
          precision: 0,
          callback: (v: string | number) => (money ? `₺${axisNumber.format(Number(v))}` : axisNumber.format(Number(v))),
        },
        grid: { color: grid },
      };
      const categoryAxis = { stacked, ticks: { color: text, autoSkip: true }, grid: { display: false } };
      chart = new Chart(el, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderRadius: 3 })),
        },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          locale: 'tr-TR',
          plugins: { legend: { display: series.length > 1, labels: { color: text } } },
          scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        },
      });
    };
    void draw().catch(() => {
      // The chart is a picture of the table below it; if its library cannot load, the table still says everything.
    });
    const theme = new MutationObserver(() => void draw().catch(() => {}));
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      live = false;
      theme.disconnect();
      chart?.destroy();
    };
  }, [labels, series, stacked, horizontal, money]);

  return (
    <div className={`relative w-full min-w-0 ${className} print:h-56`}>
      <canvas ref={canvas} role="img" aria-label={`${label} (veriler tabloda)`} />
    </div>
  );
}
