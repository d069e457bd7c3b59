// THE amount of the renderer: an exact amount with its asset code, everywhere one shows (tables,
// drawer, balances, cards, workbench, asset view, live feed, submit). The number is
// shared/amount.ts displayAmount's (grouped, all seven decimals, tabular figures); the code is
// untrusted text, isolated, and links to the asset's view. In a table the code sits in a slot as
// wide as the table's longest code (`--code-slot`, amount-fit.ts), so right-aligned amounts line
// up on their decimal point. Pool shares read "shares" in the slot; a direction colours the amount.
import { displayAmount, displayMoney } from '../../../shared/amount';
import type { Currency, CurrencyAmount } from '../../../shared/model';
import { showHidden } from '../../../shared/visible-text';
import { assetHref } from '../lib/asset-id';
import { useLabel } from '../lib/labels';
import { Untrusted } from './untrusted';

export type MoneyDirection = 'in' | 'out' | 'self' | 'none';

const DIRECTION_TITLE: Record<MoneyDirection, string | undefined> = {
  in: 'received',
  out: 'sent',
  self: 'to itself',
  none: undefined,
};

export interface MoneyProps {
  amount: string;
  /** The asset; undefined is the native asset. */
  currency?: Currency | undefined;
  /** Pool shares instead of an asset. */
  shares?: boolean;
  /** Which way the amount moved for the account in view: coloured, and said on hover. */
  direction?: MoneyDirection | undefined;
  /** `inRow`: inside a table row the link stays out of Tab order (j/k and Enter drive the table), as IdLink's do. */
  inRow?: boolean;
}

export function Money({ amount, currency, shares = false, direction, inRow = false }: MoneyProps) {
  const dir = direction && direction !== 'none' ? direction : undefined;
  return (
    <span
      className={dir ? `money money-${dir}` : 'money'}
      data-direction={dir}
      title={dir ? `${DIRECTION_TITLE[dir]}: ${moneyText(amount, shares ? 'shares' : currency)}` : undefined}
    >
      <span className="num">{displayAmount(amount)}</span>{' '}
      {shares ? <span className="code">shares</span> : <AssetCode currency={currency} inRow={inRow} />}
    </span>
  );
}

/** An asset's code, a link to the asset's view; its issuer (and the issuer's label) on hover. */
export function AssetCode({ currency, inRow = false }: { currency: Currency | undefined; inRow?: boolean }) {
  // An asset is named by its issuer's label from the address book, when the issuer has one.
  const issuerName = useLabel(currency?.issuer);
  const issuer = currency?.issuer
    ? issuerName
      ? `${showHidden(issuerName)} (${currency.issuer})`
      : currency.issuer
    : '';
  const code = currency?.code ?? 'XLM';
  return (
    <a
      className="code"
      href={assetHref(currency)}
      title={currency?.issuer ? `${showHidden(code)} issued by ${issuer}` : 'native'}
      data-issuer-label={issuerName}
      tabIndex={inRow ? -1 : undefined}
    >
      <Untrusted text={code} />
    </a>
  );
}

/** Plain text of an amount: "1,234.5000000 USD" (for titles, plain-text cells, notifications). */
export function moneyText(amount: string, currency: Currency | 'shares' | undefined): string {
  return displayMoney(amount, currency === 'shares' ? 'shares' : (currency?.code ?? 'XLM'));
}

export function Amounts({ list, inRow = false }: { list: CurrencyAmount[]; inRow?: boolean }) {
  return (
    <>
      {list.map((item, i) => (
        <span key={i}>
          {i > 0 ? ' + ' : ''}
          <Money amount={item.amount} currency={item.currency} inRow={inRow} />
        </span>
      ))}
    </>
  );
}
