// The workbench's filters: edited as text, checked field by field (an amount with 8 decimals or
// a word is refused with a message), and written to the address only when all are valid.
import { useState, type FormEvent } from 'react';
import { filterText, formProblems, FILTER_PARAMS, type FilterText } from '../../lib/history-filters';
import { href, navigate } from '../../lib/router';

const TYPES = [
  'payment',
  'create_account',
  'account_merge',
  'path_payment_strict_send',
  'path_payment_strict_receive',
  'change_trust',
  'manage_sell_offer',
  'manage_buy_offer',
  'set_options',
  'allow_trust',
  'set_trust_line_flags',
  'manage_data',
  'bump_sequence',
  'create_claimable_balance',
  'claim_claimable_balance',
  'clawback',
  'invoke_host_function',
];

export function FilterForm({ account, params }: { account: string; params: URLSearchParams }) {
  const [text, setText] = useState<FilterText>(() => filterText(params));
  const [shown, setShown] = useState(false);
  const problems = formProblems(text);
  const set = (name: keyof FilterText) => (value: string) => setText((t) => ({ ...t, [name]: value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (Object.keys(problems).length) return;
    const next: Record<string, string | undefined> = Object.fromEntries(params);
    for (const name of FILTER_PARAMS) next[name] = text[name].trim() || undefined;
    navigate(href('history', account, next));
  }

  function clear() {
    const empty = Object.fromEntries(FILTER_PARAMS.map((n) => [n, ''])) as unknown as FilterText;
    setText(empty);
    const next: Record<string, string | undefined> = Object.fromEntries(params);
    for (const name of FILTER_PARAMS) next[name] = undefined;
    navigate(href('history', account, next));
  }

  const selectedTypes = text.type ? text.type.split(',').filter(Boolean) : [];
  const error = (name: keyof FilterText) => (shown || text[name] !== '' ? problems[name] : undefined);
  const field = (name: keyof FilterText, label: string, props: { placeholder?: string; inputMode?: 'decimal'; className?: string } = {}) => (
    <label className={`ff ${props.className ?? ''}`}>
      <span>{label}</span>
      <input
        aria-label={label}
        aria-invalid={error(name) ? true : undefined}
        value={text[name]}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        maxLength={200}
        onChange={(e) => set(name)(e.target.value)}
      />
    </label>
  );

  return (
    <form className="filter-form" aria-label="Filters" onSubmit={apply}>
      <TypePicker selected={selectedTypes} onChange={(types) => set('type')(types.join(','))} />
      {field('asset', 'Asset', { placeholder: 'XLM, USD or USD:G…' })}
      {field('cp', 'Counterparty', { placeholder: 'G…', className: 'ff-wide' })}
      <label className="ff">
        <span>Direction</span>
        <select aria-label="Direction" value={text.dir} onChange={(e) => set('dir')(e.target.value)}>
          <option value="">in and out</option>
          <option value="in">in</option>
          <option value="out">out</option>
        </select>
      </label>
      {field('min', 'Min amount', { placeholder: '0.0000001', inputMode: 'decimal' })}
      {field('max', 'Max amount', { placeholder: 'any', inputMode: 'decimal' })}
      {field('from', 'From day', { placeholder: 'YYYY-MM-DD' })}
      {field('to', 'To day', { placeholder: 'YYYY-MM-DD' })}
      {field('memo', 'Memo contains')}
      <label className="ff">
        <span>Status</span>
        <select aria-label="Status" value={text.status} onChange={(e) => set('status')(e.target.value)}>
          <option value="">all</option>
          <option value="successful">successful</option>
          <option value="failed">failed</option>
        </select>
      </label>
      <div className="ff ff-buttons">
        <button type="submit" className="primary">Apply</button>
        <button type="button" onClick={clear}>Clear</button>
      </div>
      {Object.values(problems).some(Boolean) && (shown || Object.keys(problems).some((n) => text[n as keyof FilterText] !== '')) ? (
        <ul className="form-problems bad small" role="alert" aria-label="Filter problems">
          {Object.entries(problems).map(([name, line]) => (error(name as keyof FilterText) ? <li key={name}>{line}</li> : null))}
        </ul>
      ) : null}
    </form>
  );
}

/** Operation types as a drop-down of checkboxes; none ticked = every type. */
function TypePicker({ selected, onChange }: { selected: string[]; onChange(types: string[]): void }) {
  const toggle = (type: string, on: boolean) => onChange(on ? [...selected, type] : selected.filter((t) => t !== type));
  return (
    <div className="ff ff-types">
      <span>Types</span>
      <details className="type-picker">
        <summary aria-label="Operation types">{selected.length ? selected.map((t) => t.replace(/_/g, ' ')).join(', ') : 'every type'}</summary>
        <div className="type-list" role="group" aria-label="Operation types">
          {[...new Set([...TYPES, ...selected])].map((type) => (
            <label key={type}>
              <input type="checkbox" checked={selected.includes(type)} onChange={(e) => toggle(type, e.target.checked)} /> {type.replace(/_/g, ' ')}
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
