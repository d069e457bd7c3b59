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
import { AssetSelect, PeriodSelect } from './chart-pickers';
import { ChartCard, ChartShell, LineDots } from './chart-shell';

export const ANCHOR_TEXT: Record<BalanceHistory['anchor'], string> = {
  creation:
    "From the account's creation: the line rises from zero (drawn from the axis' lowest tick when the axis starts above zero).",
  reported: "Drawn back from today's reported balance: each point is that balance less what moved after it.",
};

export function BalanceChart({ history, code }: { history: BalanceHistory; code: string }) {
  const layout = useMemo(() => layoutBalance(history.points, history.by, history.anchor === 'creation'), [history]);
  const { spots } = layout;
  return (
    <ChartShell
      className="balance-chart"
      label={`Balance history chart: arrow keys move between ${history.by}s`}
      spots={spots}
      empty={`No change of the ${code} balance in the index.`}
      width={BALANCE_W}
      height={BALANCE_H}
      unit={code}
      axes={layout}
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
      plotLabel={`${showHidden(code)} balance per ${history.by}`}
      base={{ y: layout.zero, className: 'axis' }}
      hit={(s) => ({
        key: s.point.period,
        name: 'data-period',
        // At least 3 units wide, and inside the plot (the last period of a long history is thin).
        x: Math.min(s.x, BALANCE_W - Math.max(s.x2 - s.x, 3)),
        width: Math.max(s.x2 - s.x, 3),
        title: balanceReadout(s.point, history.by, code),
      })}
      readoutId="balance-readout"
      readout={(chosen) =>
        chosen
          ? balanceReadout(chosen.point, history.by, code)
          : `Last: ${displayMoney(spots.at(-1)!.point.balance, code)}. Hover the line or use the arrow keys for a ${history.by}'s figures.`
      }
    >
      {(chosen) => (
        <>
          <path className="balance-line" fill="none" d={layout.path} />
          <LineDots spots={spots} keyOf={(s) => s.point.period} chosen={chosen} />
        </>
      )}
    </ChartShell>
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
    <ChartCard
      label="Balance history"
      heading={
        <>
          Balance history of <AssetSelect label="Balance asset" assets={assets} value={asset} onChange={onAsset} /> per{' '}
          <PeriodSelect label="Balance period" period={period} />
        </>
      }
      query={query}
    >
      {(data) => (
        <>
          <p className="small muted" data-testid="balance-anchor">
            {ANCHOR_TEXT[data.history.anchor]}
          </p>
          <BalanceChart history={data.history} code={code} />
        </>
      )}
    </ChartCard>
  );
}
