import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type BalancePoint } from '@marketplace/shared/contracts/core';
import 'uplot/dist/uPlot.min.css';

/** uPlot draws on a canvas and watches the pixel ratio with matchMedia; without them only the text shows. */
const canDraw = (): boolean => {
  try {
    return typeof window.matchMedia === 'function' && Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
};

type Plot = import('uplot');

/**
 * The y-axis as wide as its longest label (uPlot's axis auto-size recipe): the default 50 px cut
 * money labels such as "$1,000.00" off on the left.
 */
const axisWidth = (self: Plot, values: string[] | null, axisIdx: number, cycleNum: number): number => {
  const axis = self.axes[axisIdx]!;
  if (cycleNum > 1) return (axis as { _size?: number })._size ?? 50;
  const longest = (values ?? []).reduce((acc, value) => (value.length > acc.length ? value : acc), '');
  let size = (axis.ticks?.size ?? 10) + (axis.gap ?? 5) + 4;
  if (longest) {
    self.ctx.font = (axis.font as unknown as [string])[0];
    size += self.ctx.measureText(longest).width / (window.devicePixelRatio || 1);
  }
  return Math.ceil(size);
};

/**
 * The balance after each of the latest entries, drawn by uPlot (a small, maintained chart library).
 * This module is imported lazily by the fund-record screen only; the text summary is the chart's
 * accessible alternative and stays when a browser cannot draw (no canvas).
 */
export default function BalanceChart({ points }: { points: BalancePoint[] }) {
  const { t, i18n } = useTranslation('wallet');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || points.length < 2 || !canDraw()) return undefined;
    let plot: { destroy(): void } | undefined;
    let cancelled = false;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        // Never wider than its box: at 320 px a fixed minimum made the page scroll sideways.
        const width = element.clientWidth || 280;
        plot = new UPlot(
          {
            width,
            height: 180,
            legend: { show: false },
            scales: { x: { time: true } },
            axes: [
              {},
              { values: (_, ticks) => ticks.map((cents) => formatMoney(cents, i18n.language)), size: axisWidth },
            ],
            series: [{}, { label: t('fund.balance'), stroke: '#1677ff', width: 2, fill: 'rgba(22,119,255,0.08)' }],
          },
          [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.balance)],
          element,
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [points, t, i18n.language]);

  const balances = points.map((p) => p.balance);
  const latest = balances.at(-1) ?? 0;
  return (
    <figure className="wallet-chart" aria-label={t('fund.chart')}>
      <div ref={box} aria-hidden="true" />
      <figcaption className="wallet-hint">
        {t('fund.chartSummary', {
          latest: formatMoney(latest, i18n.language),
          min: formatMoney(balances.length ? Math.min(...balances) : 0, i18n.language),
          max: formatMoney(balances.length ? Math.max(...balances) : 0, i18n.language),
          count: points.length,
        })}
      </figcaption>
    </figure>
  );
}
