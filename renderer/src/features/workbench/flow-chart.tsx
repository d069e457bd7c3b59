// Cumulative net flow of one asset, day by day, from the first indexed operation: a line on a
// time axis with a zero line, a value axis at round values of the asset and a legend; hovering
// (or the arrow keys) shows the day's exact net and running total.
import { useMemo } from 'react';
import { displayMoney, parseSum } from '../../../../shared/amount';
import type { FlowPoint } from '../../../../shared/history';
import { Untrusted } from '../../components/untrusted';
import { tickLabels, timeTicks, valueAxis } from './chart-axis';
import { ChartShell, LineDots } from './chart-shell';

const W = 640;
const H = 150;
const PAD = 8;

export function flowReadout(point: FlowPoint, code: string): string {
  return `${point.day}: net ${displayMoney(point.net, code)} · cumulative ${displayMoney(point.cumulative, code)}`;
}

export function layoutFlow(points: FlowPoint[]) {
  const times = points.map((p) => Date.parse(p.day));
  const from = times[0] ?? 0;
  const to = times.at(-1) ?? 0;
  const span = Math.max(1, to - from);
  const values = points.map((p) => parseSum(p.cumulative));
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
  const { spots } = layout;
  const step = W / Math.max(1, spots.length);
  return (
    <ChartShell
      className="flow-chart"
      label="Net flow chart: arrow keys move between days"
      spots={spots}
      empty={`No ${code} flow in this set.`}
      width={W}
      height={H}
      unit={code}
      axes={layout}
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
      plotLabel={`${code} net flow since the first indexed operation`}
      base={{ y: layout.zero, className: 'axis zero' }}
      hit={(s) => ({
        key: s.point.day,
        name: 'data-day',
        x: Math.max(0, s.x - step / 2),
        width: Math.max(step, 3),
        title: flowReadout(s.point, code),
      })}
      readoutId="flow-readout"
      readout={(chosen) =>
        chosen
          ? flowReadout(chosen.point, code)
          : `Now: ${displayMoney(spots.at(-1)!.point.cumulative, code)}. Hover the line for a day's figures.`
      }
    >
      {(chosen) => (
        <>
          <polyline
            className="flow-line"
            fill="none"
            points={spots.map((s) => `${s.x.toFixed(1)},${s.y.toFixed(1)}`).join(' ')}
          />
          <LineDots spots={spots} keyOf={(s) => s.point.day} chosen={chosen} />
        </>
      )}
    </ChartShell>
  );
}
