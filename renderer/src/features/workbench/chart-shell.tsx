// The shell every workbench chart is drawn in (issue #35): the card around it (its heading with
// the partial-index label, the query's error or loading line), and the chart itself: focusable,
// the arrow keys (chart-keys.ts) or the mouse over a period's hit area choose the period whose
// exact figures the readout line says; the frame's axes and legend (chart-frame.tsx), the grid and
// the base line. Each chart draws only its series and says what its periods and readout are.
import type { ReactNode } from 'react';
import type { IndexCoverage } from '../../../../shared/index-coverage';
import { ChartFrame, GridLines, type AxisTick, type ChartFrameProps } from './chart-frame';
import { useChartCursor } from './chart-keys';
import { PartialNote } from './partial-note';

/** The answer a chart card waits for: an index query's, which says what the index covers. */
interface ChartQuery<Data> {
  isError: boolean;
  error: Error | null;
  data: Data | undefined;
}

interface ChartCardProps<Data> {
  /** The card's region name ("Volume", "Net flow", "Balance history"). */
  label: string;
  heading: ReactNode;
  query: ChartQuery<Data>;
  /** The chart, once the answer is here. */
  children(data: Data): ReactNode;
}

/** A chart's card: its heading (labelled partial when the index is), then the error, the chart or "Loading…". */
export function ChartCard<Data extends { coverage?: IndexCoverage | null }>({
  label,
  heading,
  query,
  children,
}: ChartCardProps<Data>) {
  return (
    <section className="card chart-card" aria-label={label}>
      <h3>
        {heading}
        <PartialNote coverage={query.data?.coverage} />
      </h3>
      {query.isError ? (
        <p role="alert" className="bad">
          {query.error?.message}
        </p>
      ) : query.data ? (
        children(query.data)
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}

/** The hover area of one period (or day): the full height of the plot, its exact figures as its title. */
export interface ChartHit {
  key: string;
  /** The attribute that names the period in the DOM: data-period or data-day. */
  name: 'data-period' | 'data-day';
  x: number;
  width: number;
  title: string;
}

interface ChartShellProps<Spot> extends Omit<ChartFrameProps, 'children' | 'valueTicks' | 'timeTicks'> {
  /** The focusable element's class ("balance-chart") and name ("Net flow chart: arrow keys move between days"). */
  className: string;
  label: string;
  /** The periods (or days) the cursor moves between, in order; none: the `empty` line instead of a chart. */
  spots: Spot[];
  empty: string;
  /** The ticks of the value axis (and its grid lines) and of the time axis. */
  axes: { valueTicks: AxisTick[]; timeTicks: AxisTick[] };
  /** The SVG's text alternative. */
  plotLabel: string;
  /** The horizontal line the series stands on (zero, or the middle of in and out). */
  base: { y: number; className: string };
  /** A spot's hover area. */
  hit(spot: Spot): ChartHit;
  /** The readout line's test id and text: the chosen spot's figures, or (none chosen) what to do to see them. */
  readoutId: string;
  readout(chosen: Spot | undefined): string;
  /** The series, drawn over the grid and the base line, under the hover areas. */
  children(chosen: Spot | undefined): ReactNode;
}

export function ChartShell<Spot>(props: ChartShellProps<Spot>) {
  const { spots, width, height } = props;
  const { valueTicks, timeTicks } = props.axes;
  const cursor = useChartCursor(spots.length);
  if (spots.length === 0) return <p className="muted small">{props.empty}</p>;
  const chosen = cursor.index === null ? undefined : spots[cursor.index];
  return (
    <div
      className={props.className}
      tabIndex={0}
      aria-label={props.label}
      onKeyDown={cursor.onKeyDown}
      onMouseLeave={() => cursor.setIndex(null)}
    >
      <ChartFrame
        width={width}
        height={height}
        unit={props.unit}
        valueTicks={valueTicks}
        timeTicks={timeTicks}
        legend={props.legend}
      >
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={props.plotLabel}>
          <GridLines ticks={valueTicks} width={width} />
          <line x1={0} x2={width} y1={props.base.y} y2={props.base.y} className={props.base.className} />
          {props.children(chosen)}
          {spots.map((spot, i) => {
            const hit = props.hit(spot);
            return (
              <rect
                key={hit.key}
                className="hit"
                {...{ [hit.name]: hit.key }}
                x={hit.x}
                width={hit.width}
                y={0}
                height={height}
                onMouseEnter={() => cursor.setIndex(i)}
              >
                <title>{hit.title}</title>
              </rect>
            );
          })}
        </svg>
      </ChartFrame>
      <p className="small num readout" data-testid={props.readoutId} aria-live="polite">
        {props.readout(chosen)}
      </p>
    </div>
  );
}

/** Up to this many points, each is also drawn as a dot (a line of one or two points is hard to see). */
const DOTS = 60;

/** A line chart's points as dots (when few), and the chosen one larger. */
export function LineDots<Spot extends { x: number; y: number }>(props: {
  spots: Spot[];
  keyOf(spot: Spot): string;
  chosen: Spot | undefined;
}) {
  const { spots, chosen } = props;
  return (
    <>
      {spots.length <= DOTS
        ? spots.map((s) => <circle key={props.keyOf(s)} className="flow-dot" cx={s.x} cy={s.y} r={2.5} />)
        : null}
      {chosen ? <circle className="flow-dot hovered" cx={chosen.x} cy={chosen.y} r={4} /> : null}
    </>
  );
}
