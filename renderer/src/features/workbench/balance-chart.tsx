// The balance history of one asset (issue #27), per day, week or month, from the index: a step
// line (the balance holds between changes) with a dated time axis, a value axis in the asset's
// unit, a legend and the exact figures of the hovered or focused period (arrow keys move it).
// What the line stands on is said: the account's creation, or today's reported balance.
import { useMemo } from 'react';
import { displayMoney } from '../../../../shared/amount';
import type { BalanceHistory, BalancePeriod } from '../../../../shared/balance-history';
import { assetCodeOf } from '../../../../shared/reconcile';
import { showHidden } from '../../../../shared/visible-text';
import { Untrusted } from '../../components/untrusted';
import { useBalanceHistory } from '../../lib/reconcile';
import { BALANCE_H, BALANCE_W, balanceReadout, layoutBalance } from './balance-layout';
import { ChartFrame, GridLines } from './chart-frame';
import { AssetSelect, PeriodSelect } from './chart-pickers';
import { useChartCursor } from './chart-keys';
import { PartialNote } from './partial-note';

/** Up to this many periods, each is also drawn as a dot. */
const DOTS = 60;

export const ANCHOR_TEXT: Record<BalanceHistory['anchor'], string> = {
  creation: "From the account's creation: the line starts at zero.",
  reported: "Drawn back from today's reported balance: each point is that balance less what moved after it.",
};

export function BalanceChart({ history, code }: { history: BalanceHistory; code: string }) {
  const layout = useMemo(() => layoutBalance(history.points, history.by, history.anchor === 'creation'), [history]);
  const { spots } = layout;
  const cursor = useChartCursor(spots.length);
  if (spots.length === 0) return <p className="muted small">No change of the {code} balance in the index.</p>;
  const hovered = cursor.index === null ? undefined : spots[cursor.index];
  return (
    <div
      className="balance-chart"
      tabIndex={0}
      aria-label={`Balance history chart: arrow keys move between ${history.by}s`}
      onKeyDown={cursor.onKeyDown}
      onMouseLeave={() => cursor.setIndex(null)}
    >
      <ChartFrame
        width={BALANCE_W}
        height={BALANCE_H}
        unit={code}
        valueTicks={layout.valueTicks}
        timeTicks={layout.timeTicks}
        legend={[
          {
            kind: 'line',
            label: (
              <>
                balance at the end of each {history.by}, <Untrusted text={code} />
              </>
            ),
          },
        ]}
      >
        <svg
          viewBox={`0 0 ${BALANCE_W} ${BALANCE_H}`}
          role="img"
          aria-label={`${showHidden(code)} balance per ${history.by}`}
        >
          <GridLines ticks={layout.valueTicks} width={BALANCE_W} />
          <line x1={0} x2={BALANCE_W} y1={layout.zero} y2={layout.zero} className="axis" />
          <path className="balance-line" fill="none" d={layout.path} />
          {spots.length <= DOTS
            ? spots.map((s) => <circle key={s.point.period} className="flow-dot" cx={s.x} cy={s.y} r={2.5} />)
            : null}
          {hovered ? <circle className="flow-dot hovered" cx={hovered.x} cy={hovered.y} r={4} /> : null}
          {spots.map((s, i) => (
            <rect
              key={s.point.period}
              className="hit"
              data-period={s.point.period}
              // At least 3 units wide, and inside the plot (the last period of a long history is thin).
              x={Math.min(s.x, BALANCE_W - Math.max(s.x2 - s.x, 3))}
              width={Math.max(s.x2 - s.x, 3)}
              y={0}
              height={BALANCE_H}
              onMouseEnter={() => cursor.setIndex(i)}
            >
              <title>{balanceReadout(s.point, history.by, code)}</title>
            </rect>
          ))}
        </svg>
      </ChartFrame>
      <p className="small num readout" data-testid="balance-readout" aria-live="polite">
        {hovered
          ? balanceReadout(hovered.point, history.by, code)
          : `Last: ${displayMoney(spots.at(-1)!.point.balance, code)}. Hover the line or use the arrow keys for a ${history.by}'s figures.`}
      </p>
    </div>
  );
}

interface BalanceSectionProps {
  account: string;
  assets: string[];
  asset: string;
  onAsset(asset: string): void;
  period: BalancePeriod;
}

export function BalanceSection({ account, assets, asset, onAsset, period }: BalanceSectionProps) {
  const query = useBalanceHistory(account, asset, period);
  const code = asset.startsWith('pool:') ? 'shares' : assetCodeOf(asset);
  return (
    <section className="card chart-card" aria-label="Balance history">
      <h3>
        Balance history of <AssetSelect label="Balance asset" assets={assets} value={asset} onChange={onAsset} /> per{' '}
        <PeriodSelect label="Balance period" period={period} />
        <PartialNote coverage={query.data?.coverage} />
      </h3>
      {query.isError ? (
        <p role="alert" className="bad">
          {query.error.message}
        </p>
      ) : query.data ? (
        <>
          <p className="small muted" data-testid="balance-anchor">
            {ANCHOR_TEXT[query.data.history.anchor]}
          </p>
          <BalanceChart history={query.data.history} code={code} />
        </>
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}
