// A normalised record as a definition list: account-, hash- and id-shaped values become links.
import type { ReactNode } from 'react';
import { displayLimit } from '../../../shared/amount';
import type { Currency } from '../../../shared/model';
import type { EntityKind } from '../lib/router';
import { Fee } from './fee';
import { CopyButton, IdLink } from './id-link';
import { AssetCode, Money } from './money';
import { Untrusted } from './untrusted';

const ACCOUNT = /^G[A-Z2-7]{55}$/;
const HEX64 = /^[0-9a-f]{64}$/;
const AMOUNT_KEYS =
  /^(amount|startingBalance|limit|shares|sharesReceived|totalShares|sourceAmount|sourceMax|destinationMin|price)$/;
/** Fees are stroops: shown in the native unit, stroops on hover. */
const FEE_KEYS = /^(feeCharged|maxFee)$/;
/** Amounts counted in pool shares. */
const SHARE_KEYS = /^(shares|sharesReceived|totalShares)$/;

/** The asset an amount field of a record is counted in: its sibling currency field (native when none). */
function currencyFor(key: string, record: Record<string, unknown> | undefined): Currency | undefined {
  const sibling = /^(source|sendMax|sourceMax)/.test(key) ? record?.['sourceCurrency'] : record?.['currency'];
  return sibling && typeof sibling === 'object' && 'code' in sibling ? (sibling as Currency) : undefined;
}

function kindFor(key: string, value: string): EntityKind | null {
  if (ACCOUNT.test(value)) return 'account';
  if (/balanceId$/i.test(key)) return 'cb';
  if (/liquidityPoolId$/i.test(key)) return 'pool';
  if (/(transactionHash|^hash)$/.test(key) && HEX64.test(value)) return 'tx';
  if (key === 'ledger' && /^\d+$/.test(value)) return 'ledger';
  return null;
}

/**
 * One value of a record: ids as links in groups of four (where ids are compared), amounts with
 * their asset, fees in the native unit, any other text as untrusted text. `record` is the record
 * the value belongs to, for an amount's asset.
 */
export function FieldValue({
  name,
  value,
  record,
}: {
  name: string;
  value: unknown;
  record?: Record<string, unknown>;
}): ReactNode {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    const kind = kindFor(name, text);
    if (kind) return <IdLink kind={kind} id={text} grouped={kind !== 'ledger'} full />;
    if (FEE_KEYS.test(name) && /^\d+$/.test(text)) return <Fee stroops={text} />;
    if (AMOUNT_KEYS.test(name) && /^-?\d+(\.\d+)?$/.test(text))
      return <AmountField name={name} text={text} record={record} />;
    if (text.length > 120) {
      return (
        <details className="long">
          <summary className="mono">
            <Untrusted text={text.slice(0, 48)} />… <span className="muted">({text.length} characters)</span>{' '}
            <CopyButton text={text} />
          </summary>
          <Untrusted text={text} className="mono wrap" />
        </details>
      );
    }
    return <Untrusted text={text} className="mono wrap" />;
  }
  if (typeof value === 'boolean') return <span>{value ? 'yes' : 'no'}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>;
    return (
      <ol className="field-list">
        {value.map((item, i) => (
          <li key={i}>
            <FieldValue name={name} value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if ('code' in (value as object) && entries.length <= 2) {
      const currency = value as { code: string; issuer?: string };
      return (
        <span className="money">
          <AssetCode currency={currency} />
          {currency.issuer ? (
            <>
              {' '}
              <span className="muted">issued by</span> <IdLink kind="account" id={currency.issuer} grouped />
            </>
          ) : null}
        </span>
      );
    }
    return <Fields record={value as Record<string, unknown>} nested />;
  }
  return <span>{String(value)}</span>;
}

export function Fields({
  record,
  omit = ['raw'],
  nested,
}: {
  record: Record<string, unknown>;
  omit?: string[];
  nested?: boolean;
}) {
  return (
    <dl className={nested ? 'fields nested' : 'fields'}>
      {Object.entries(record)
        .filter(([key]) => !omit.includes(key))
        .map(([key, value]) => (
          <div key={key} className="field">
            <dt>{humanise(key)}</dt>
            <dd>
              <FieldValue name={key} value={value} record={record} />
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** An amount field: with its asset (or "shares"); a price is a ratio, and a limit at its maximum reads "unlimited". */
function AmountField({
  name,
  text,
  record,
}: {
  name: string;
  text: string;
  record?: Record<string, unknown> | undefined;
}) {
  if (name === 'price') return <span className="num">{text}</span>;
  if (name === 'limit') return <span className="num">{displayLimit(text)}</span>;
  return <Money amount={text} currency={currencyFor(name, record)} shares={SHARE_KEYS.test(name)} />;
}

/** One field of a hand-made definition list (`<dl className="fields">`): its term, and its value with the value's class and test id. */
export function Fact({
  term,
  className,
  testId,
  children,
}: {
  term: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <dt>{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
