// An exact amount and its currency as a table shows them: all seven decimals, grouped, tabular.
import type { Currency, CurrencyAmount } from '../../../shared/model';
import { tableAmount } from '../lib/format';
import { useLabel } from '../lib/labels';

export function Money({ amount, currency }: { amount: string; currency?: Currency | undefined }) {
  // An asset is named by its issuer's label from the address book, when the issuer has one.
  const issuerName = useLabel(currency?.issuer);
  const issuer = currency?.issuer ? (issuerName ? `${issuerName} (${currency.issuer})` : currency.issuer) : '';
  return (
    <span className="money">
      <span className="num">{tableAmount(amount)}</span>{' '}
      <span className="code" title={currency?.issuer ? `${currency.code} issued by ${issuer}` : 'native'} data-issuer-label={issuerName}>
        {currency?.code ?? 'XLM'}
      </span>
    </span>
  );
}

export function Amounts({ list }: { list: CurrencyAmount[] }) {
  return (
    <>
      {list.map((item, i) => (
        <span key={i}>
          {i > 0 ? ' + ' : ''}
          <Money amount={item.amount} currency={item.currency} />
        </span>
      ))}
    </>
  );
}

