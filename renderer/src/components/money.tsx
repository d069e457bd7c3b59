// An exact amount and its currency as a table shows them: all seven decimals, grouped, tabular.
import type { Currency, CurrencyAmount } from '../../../shared/model';
import { tableAmount } from '../lib/format';

export function Money({ amount, currency }: { amount: string; currency?: Currency | undefined }) {
  return (
    <span className="money">
      <span className="num">{tableAmount(amount)}</span>{' '}
      <span className="code" title={currency?.issuer ? `${currency.code} issued by ${currency.issuer}` : 'native'}>
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

