// An exact amount and its currency as a table shows them: all seven decimals, grouped, tabular.
// The code links to the asset's view (issuer, holders the app knows, indexed payments).
import type { Currency, CurrencyAmount } from '../../../shared/model';
import { assetHref } from '../lib/asset-id';
import { tableAmount } from '../lib/format';
import { useLabel } from '../lib/labels';

/** `inRow`: inside a table row the link stays out of Tab order (j/k and Enter drive the table), as IdLink's do. */
export function Money({
  amount,
  currency,
  inRow = false,
}: {
  amount: string;
  currency?: Currency | undefined;
  inRow?: boolean;
}) {
  // An asset is named by its issuer's label from the address book, when the issuer has one.
  const issuerName = useLabel(currency?.issuer);
  const issuer = currency?.issuer ? (issuerName ? `${issuerName} (${currency.issuer})` : currency.issuer) : '';
  return (
    <span className="money">
      <span className="num">{tableAmount(amount)}</span>{' '}
      <a
        className="code"
        href={assetHref(currency)}
        title={currency?.issuer ? `${currency.code} issued by ${issuer}` : 'native'}
        data-issuer-label={issuerName}
        tabIndex={inRow ? -1 : undefined}
      >
        {currency?.code ?? 'XLM'}
      </a>
    </span>
  );
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
