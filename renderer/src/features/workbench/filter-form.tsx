// The workbench's filters: edited as text, checked field by field (an amount with 8 decimals or
// a word is refused with a message), and written to the address only when all are valid.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { MODELLED_TYPES } from '../../../../shared/model';
import { useLabelStore } from '../../lib/labels';
import {
  counterpartyByName,
  filterText,
  formProblems,
  FILTER_PARAMS,
  NOT_APPLIED,
  PARAM_LABELS,
  type FilterText,
} from '../../lib/history-filters';
import { useHistoryTypes } from '../../lib/history';
import { href, navigate } from '../../lib/router';

/**
 * Until the index says which types the account has (`history:types`), or if it cannot: every type
 * the app models (shared/model), so no type an account can have is missing from the picker.
 */
const TYPES: readonly string[] = MODELLED_TYPES;

type Problems = ReturnType<typeof formProblems>;

/** A field's problem is shown once the form was applied, or as soon as the field holds text. */
function shownProblem(
  problems: Problems,
  text: FilterText,
  shown: boolean,
  name: keyof FilterText,
): string | undefined {
  return shown || text[name] !== '' ? problems[name] : undefined;
}

export function FilterForm({ account, params }: { account: string; params: URLSearchParams }) {
  const [text, setText] = useState<FilterText>(() => filterText(params));
  const [shown, setShown] = useState(false);
  const labels = useLabelStore((state) => state.entries);
  // A counterparty typed as a name or an id's start is its account (issue #36).
  const named = counterpartyByName(text, labels);
  const problems = { ...formProblems(named.text), ...(named.problem ? { cp: named.problem } : {}) };
  const set = (name: keyof FilterText) => (value: string) => setText((t) => ({ ...t, [name]: value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (Object.keys(problems).length) return;
    const next: Record<string, string | undefined> = Object.fromEntries(params);
    for (const name of FILTER_PARAMS) next[name] = named.text[name].trim() || undefined;
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
  const field = (name: keyof FilterText, label: string, props: FieldLook = {}) => (
    <FilterField
      label={label}
      value={text[name]}
      invalid={Boolean(shownProblem(problems, text, shown, name))}
      onChange={set(name)}
      {...props}
    />
  );

  return (
    <form className="filter-form" aria-label="Filters" onSubmit={apply}>
      <TypePicker account={account} selected={selectedTypes} onChange={(types) => set('type')(types.join(','))} />
      {field('asset', PARAM_LABELS.asset!, { placeholder: 'XLM, USD or USD:G…' })}
      {field('cp', PARAM_LABELS.cp!, { placeholder: 'G…, a name or an id’s start', className: 'ff-wide' })}
      <ChoiceField label={PARAM_LABELS.dir!} value={text.dir} choices={DIRECTIONS} onChange={set('dir')} />
      {field('min', PARAM_LABELS.min!, { placeholder: '0.0000001', inputMode: 'decimal' })}
      {field('max', PARAM_LABELS.max!, { placeholder: 'any', inputMode: 'decimal' })}
      {field('from', PARAM_LABELS.from!, { placeholder: 'YYYY-MM-DD' })}
      {field('to', PARAM_LABELS.to!, { placeholder: 'YYYY-MM-DD' })}
      {field('memo', PARAM_LABELS.memo!)}
      <ChoiceField label={PARAM_LABELS.status!} value={text.status} choices={STATUSES} onChange={set('status')} />
      <div className="ff ff-buttons">
        <button type="submit" className="primary">
          Apply
        </button>
        <button type="button" onClick={clear}>
          Clear
        </button>
      </div>
      <FilterProblems problems={problems} text={text} shown={shown} />
    </form>
  );
}

interface FieldLook {
  placeholder?: string;
  inputMode?: 'decimal';
  className?: string;
}

/** One text filter: its label, its input (marked invalid while its problem shows), at most 200 characters. */
function FilterField({
  label,
  value,
  invalid,
  onChange,
  placeholder,
  inputMode,
  className,
}: FieldLook & { label: string; value: string; invalid: boolean; onChange(value: string): void }) {
  return (
    <label className={`ff ${className ?? ''}`}>
      <span>{label}</span>
      <input
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

const DIRECTIONS: [value: string, text: string][] = [
  ['', 'in and out'],
  ['in', 'in'],
  ['out', 'out'],
];
const STATUSES: [value: string, text: string][] = [
  ['', 'all'],
  ['successful', 'successful'],
  ['failed', 'failed'],
];

/** A filter with a few choices, as a select. */
function ChoiceField({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: [value: string, text: string][];
  onChange(value: string): void;
}) {
  return (
    <label className="ff">
      <span>{label}</span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Every problem that shows, in one list, once any problem shows. */
function FilterProblems({ problems, text, shown }: { problems: Problems; text: FilterText; shown: boolean }) {
  if (!(
    Object.values(problems).some(Boolean) &&
    (shown || Object.keys(problems).some((n) => text[n as keyof FilterText] !== ''))
  ))
    return null;
  return (
    <ul className="form-problems bad small" role="alert" aria-label="Filter problems">
      {Object.entries(problems).map(([name, line]) =>
        shownProblem(problems, text, shown, name as keyof FilterText) ? <li key={name}>{line}</li> : null,
      )}
      {shown ? <li className="muted">{NOT_APPLIED}</li> : null}
    </ul>
  );
}

/**
 * Operation types as a drop-down of checkboxes; none ticked = every type. The choices are the types
 * the account's index holds, the most frequent first, each with its count (of the operations
 * indexed so far, while the index is partial), and any type the address asks for.
 */
function TypePicker({
  account,
  selected,
  onChange,
}: {
  account: string;
  selected: string[];
  onChange(types: string[]): void;
}) {
  const held = useHistoryTypes(account).data;
  const counts = new Map(held?.types.map(({ type, count }) => [type, count]));
  const choices = held ? [...counts.keys()] : TYPES;
  const toggle = (type: string, on: boolean) => onChange(on ? [...selected, type] : selected.filter((t) => t !== type));
  const [open, setOpen] = useState(false);
  const picker = useRef<HTMLDetailsElement>(null);
  useClosedFromOutside(picker, open, () => setOpen(false));
  return (
    <div className="ff ff-types">
      <span>Types</span>
      <details
        className="type-picker"
        ref={picker}
        open={open}
        onToggle={(e) => setOpen(e.currentTarget.open)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !open) return;
          e.stopPropagation();
          setOpen(false);
          picker.current?.querySelector('summary')?.focus();
        }}
        onBlur={(e) => {
          // Focus gone elsewhere (Tab to the next field, a click on Apply): the list closes behind it.
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <summary aria-label="Operation types">
          {selected.length ? selected.map((t) => t.replace(/_/g, ' ')).join(', ') : 'every type'}
        </summary>
        <div
          className="type-list"
          role="group"
          aria-label="Operation types"
          title={held?.coverage?.partial ? 'Counts of the operations indexed so far (the index is partial)' : undefined}
        >
          {[...new Set([...choices, ...selected])].map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={selected.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
              />{' '}
              {type.replace(/_/g, ' ')}
              {counts.has(type) ? (
                <span className="muted small"> ({counts.get(type)!.toLocaleString('en')})</span>
              ) : null}
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}

/**
 * A press anywhere outside `element` while it is open closes it: an open drop-down list never stays
 * over the controls beside it (Apply, the table) once the person has moved on.
 */
function useClosedFromOutside(element: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (!element.current?.contains(event.target as Node | null)) close();
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [element, open, close]);
}
