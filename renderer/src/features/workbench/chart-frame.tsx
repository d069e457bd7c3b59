// The frame every workbench chart is drawn in (issue #27): a value axis with its unit (the asset's
// code, untrusted text) on the left, the plot (an SVG the chart draws, viewBox W × H), a dated
// time axis beneath it and a legend naming each series by colour AND word. Labels are HTML placed
// by percent over the SVG, so they keep their size at any width.
import type { ReactNode } from 'react';
import { Untrusted } from '../../components/untrusted';

export interface AxisTick {
  /** Position in the SVG's units (x for the time axis, y for the value axis). */
  at: number;
  label: string;
}

export interface LegendItem {
  /** The class that colours the swatch as the series is drawn: "in", "out", "line", "zero". */
  kind: string;
  label: ReactNode;
}

export interface ChartFrameProps {
  width: number;
  height: number;
  /** The value axis' unit: an asset code. */
  unit: string;
  valueTicks: AxisTick[];
  timeTicks: AxisTick[];
  legend: LegendItem[];
  children: ReactNode;
}

export function ChartFrame({ width, height, unit, valueTicks, timeTicks, legend, children }: ChartFrameProps) {
  return (
    <div className="chart-frame">
      <div className="value-axis small muted" aria-hidden="true">
        <span className="axis-unit" title="The value axis' unit">
          <Untrusted text={unit} />
        </span>
        {valueTicks.map((tick) => (
          <span key={tick.at} className="num" style={{ top: `${(tick.at / height) * 100}%` }}>
            {tick.label}
          </span>
        ))}
      </div>
      <div className="plot">{children}</div>
      <div className="time-axis small muted" aria-hidden="true">
        {timeTicks.map((tick) => (
          <span key={tick.at} className="num" style={timeTickStyle(tick.at / width)}>
            {tick.label}
          </span>
        ))}
      </div>
      <ul className="legend small" aria-label="Legend">
        {legend.map((item) => (
          <li key={item.kind}>
            <span className={`swatch swatch-${item.kind}`} aria-hidden="true" /> {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A date label centred on its tick, but kept inside the plot near its edges (a label centred on the
 * axis' last day overflowed the card).
 */
function timeTickStyle(fraction: number) {
  const shift = fraction < 0.1 ? '0' : fraction > 0.9 ? '-100%' : '-50%';
  return { left: `${fraction * 100}%`, transform: `translateX(${shift})` };
}

/** Faint lines across the plot at the value axis' ticks (drawn inside the chart's SVG). */
export function GridLines({ ticks, width }: { ticks: AxisTick[]; width: number }) {
  return (
    <g className="grid" aria-hidden="true">
      {ticks.map((tick) => (
        <line key={tick.at} x1={0} x2={width} y1={tick.at} y2={tick.at} />
      ))}
    </g>
  );
}
