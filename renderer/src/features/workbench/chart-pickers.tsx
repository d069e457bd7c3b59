// The pickers of a workbench chart's heading: which asset, and per day, week or month (the `by`
// parameter of the address, shared by the volume chart and the balance history).
import { abbreviateId } from '../../../../shared/ids';
import { assetCodeOf } from '../../../../shared/moves';
import { showHidden } from '../../../../shared/visible-text';
import { setParams } from '../../lib/router';

/** An asset key as an option: its code, and the issuer (or pool) abbreviated: "USD (GDUV…SFB)", "pool shares (1ee8…2471)". */
export function assetOptionText(asset: string): string {
  const owner = asset.split(':')[1];
  return `${showHidden(assetCodeOf(asset))}${owner ? ` (${abbreviateId(owner)})` : ''}`;
}

export function AssetSelect(props: { label: string; assets: string[]; value: string; onChange(asset: string): void }) {
  return (
    <select aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      {props.assets.map((a) => (
        <option key={a} value={a}>
          {assetOptionText(a)}
        </option>
      ))}
    </select>
  );
}

export function PeriodSelect({ label, period }: { label: string; period: string }) {
  return (
    <select
      aria-label={label}
      value={period}
      onChange={(e) => setParams({ by: e.target.value === 'day' ? undefined : e.target.value })}
    >
      <option value="day">day</option>
      <option value="week">week</option>
      <option value="month">month</option>
    </select>
  );
}
