import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../queues';
import 'uplot/dist/uPlot.min.css';

/** uPlot draws on a canvas and watches the pixel ratio with matchMedia; without them only the text shows. */
const canDraw = (): boolean => {
  try {
    return typeof window.matchMedia === 'function' && Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
};

export interface DayAmount {
  day: string;
  cents: number;
}

/**
 * A small bar chart of one kind of money per UTC day, drawn by uPlot (the chart library the wallet's balance
 * chart uses), loaded only when the dashboard draws one. The caption says what the bars show in words: the
 * chart's accessible alternative, and all there is where a browser cannot draw.
 */
export default function MoneyChart({ label, points, color }: { label: string; points: DayAmount[]; color: string }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const language = i18n.language;

  useEffect(() => {
    const element = box.current;
    if (!element || points.length === 0 || !canDraw()) return undefined;
    let plot: { destroy(): void } | undefined;
    let cancelled = false;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const bars = UPlot.paths.bars?.({ size: [0.7, 24] });
        plot = new UPlot(
          {
            width: element.clientWidth || 260,
            height: 120,
            legend: { show: false },
            cursor: { show: false },
            // Half a day each side: the first and last bars are whole.
            scales: {
              x: { time: true, range: (_self, min, max) => [min - 43_200, max + 43_200] },
              y: { range: (_self, _min, max) => [0, Math.max(max, 100)] },
            },
            axes: [
              { show: false },
              {
                values: (_self, ticks) => ticks.map((cents) => money(cents, language)),
                size: 72,
                font: '11px sans-serif',
              },
            ],
            series: [
              {},
              {
                label,
                stroke: color,
                fill: `${color}55`,
                width: 1,
                points: { show: false },
                ...(bars ? { paths: bars } : {}),
              },
            ],
          },
          [points.map((p) => Date.parse(`${p.day}T12:00:00Z`) / 1000), points.map((p) => p.cents)],
          element,
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [points, label, color, language]);

  const total = points.reduce((sum, point) => sum + point.cents, 0);
  const best = points.reduce<DayAmount | null>((top, point) => (!top || point.cents > top.cents ? point : top), null);
  return (
    <figure style={{ margin: 0 }} aria-label={t('dashboard.chartLabel', { kind: label, count: points.length })}>
      <div ref={box} aria-hidden="true" style={{ minHeight: 120 }} />
      <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>
        {best && best.cents > 0
          ? t('dashboard.chartSummary', {
              count: points.length,
              total: money(total, language),
              max: money(best.cents, language),
              day: best.day,
            })
          : t('dashboard.chartEmpty', { count: points.length })}
      </figcaption>
    </figure>
  );
}
