// Cumulative net flow of one asset, day by day, from the first indexed operation: a line on a
// time axis with a zero line, a value axis at round values of the asset and a legend; hovering
// (or the arrow keys) shows the day's exact net and running total.
import { useMemo } from 'react';
import { displayMoney, parseAmount } from '../../../../shared/amount';
import type { FlowPoint } from '../../../../shared/history';
import { Untrusted } from '../../components/untrusted';
import { tickLabels, timeTicks, valueAxis } from './chart-axis';
import { ChartFrame, GridLines } from './chart-frame';
import { useChartCursor } from './chart-keys';

const W = 640;
const H = 150;
const PAD = 8;
/** Up to this many days, each day is also drawn as a dot (a line of one or two points is hard to see). */
const DOTS = 60;

export function flowReadout(point: FlowPoint, code: string): string {
  return `${point.day}: net ${displayMoney(point.net, code)} · cumulative ${displayMoney(point.cumulative, code)}`;
}

export function layoutFlow(points: FlowPoint[]) {
  const times = points.map((p) => Date.parse(p.day));
  const from = times[0] ?? 0;
  const to = times.at(-1) ?? 0;
  const span = Math.max(1, to - from);
  const values = points.map((p) => parseAmount(p.cumulative, { allowNegative: true }));
  const axis = valueAxis(values, 2);
  const range = Number(axis.hi - axis.lo) || 1;
  const y = (v: bigint) => PAD + (1 - Number(v - axis.lo) / range) * (H - 2 * PAD);
  const x = (t: number) => (points.length === 1 ? W / 2 : ((t - from) / span) * W);
  // One day alone sits in the middle of an axis one day wide on either side.
  const [first, last] = points.length === 1 ? [from - 86_400_000, from + 86_400_000] : [from, to];
  const xt = (t: number) => ((t - first) / Math.max(1, last - first)) * W;
  return {
    from,
    to,
    zero: y(0n),
    spots: points.map((p, i) => ({ point: p, x: x(times[i]!), y: y(values[i]!) })),
    valueTicks: tickLabels(axis).map((label, i) => ({ at: y(axis.ticks[i]!), label })),
    timeTicks: timeTicks(first, last, 4).map((t) => ({ at: xt(t.t), label: t.label })),
  };
}

export function FlowChart({ points, code }: { points: FlowPoint[]; code: string }) {
  const layout = useMemo(() => layoutFlow(points), [points]);
  const { zero, spots } = layout;
  const cursor = useChartCursor(spots.length);
  if (spots.length === 0) return <p className="muted small">No {code} flow in this set.</p>;
  const hovered = cursor.index === null ? undefined : spots[cursor.index];
  const step = W / spots.length;
  return (
    <div
      className="flow-chart"
      tabIndex={0}
      aria-label="Net flow chart: arrow keys move between days"
      onKeyDown={cursor.onKeyDown}
      onMouseLeave={() => cursor.setIndex(null)}
    >
      <ChartFrame
        width={W}
        height={H}
        unit={code}
        valueTicks={layout.valueTicks}
        timeTicks={layout.timeTicks}
        legend={[
          {
            kind: 'line',
            label: (
              <>
                cumulative net flow (in − out − fees), <Untrusted text={code} />
              </>
            ),
          },
          { kind: 'zero', label: 'zero' },
        ]}
      >
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${code} net flow since the first indexed operation`}>
          <GridLines ticks={layout.valueTicks} width={W} />
          <line x1={0} x2={W} y1={zero} y2={zero} className="axis zero" />
          <polyline
            className="flow-line"
            fill="none"
            points={spots.map((s) => `${s.x.toFixed(1)},${s.y.toFixed(1)}`).join(' ')}
          />
          {spots.length <= DOTS
            ? spots.map((s) => <circle key={s.point.day} className="flow-dot" cx={s.x} cy={s.y} r={2.5} />)
            : null}
          {hovered ? <circle className="flow-dot hovered" cx={hovered.x} cy={hovered.y} r={4} /> : null}
          {spots.map((s, i) => (
            <rect
              key={s.point.day}
              className="hit"
              data-day={s.point.day}
              x={Math.max(0, s.x - step / 2)}
              width={Math.max(step, 3)}
              y={0}
              height={H}
              onMouseEnter={() => cursor.setIndex(i)}
            >
              <title>{flowReadout(s.point, code)}</title>
            </rect>
          ))}
        </svg>
      </ChartFrame>
      <p className="small num readout" data-testid="flow-readout" aria-live="polite">
        {hovered
          ? flowReadout(hovered.point, code)
          : `Now: ${displayMoney(spots.at(-1)!.point.cumulative, code)}. Hover the line for a day's figures.`}
      </p>
    </div>
  );
}
