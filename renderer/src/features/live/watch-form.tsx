import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { parseMinimumsText, type Minimums } from '../../../../shared/minimums';
import { abbreviateId, classifyId } from '../../../../shared/ids';
import type { ListedLabel } from '../../../../shared/labels';
import { lookupName } from '../../../../shared/name-lookup';
import { showHidden } from '../../../../shared/visible-text';
import { LabelText } from '../../components/id-link';
import { call } from '../../lib/bridge';
import { useLabelStore } from '../../lib/labels';
import { isFederationAddress, resolveFederationAddress } from '../../lib/federation';
import { useUi } from '../../lib/store';

type Target = { ok: true; account: string } | { ok: false; problem: string; choices?: ListedLabel[] };

/** The account typed: an id (G…), else a name from the address book or the start of one. */
function targetOf(typed: string, labels: readonly ListedLabel[]): Target {
  const found = classifyId(typed);
  if (found.kind === 'account') return { ok: true, account: found.value };
  if (found.kind !== 'invalid') return { ok: false, problem: 'Only accounts (G…) can be watched.' };
  const named = /secret key/.test(found.reason) ? ({ kind: 'none' } as const) : lookupName(labels, typed);
  if (named.kind === 'one') return { ok: true, account: named.entry.account };
  if (named.kind === 'many')
    return {
      ok: false,
      problem: `“${showHidden(typed.trim())}” matches ${named.total} names: pick one, or type more of it.`,
      choices: named.entries,
    };
  return { ok: false, problem: `Not an account or a name in the address book: ${found.reason}.` };
}

/** Adds a watched account (the core persists it and opens its stream), by its id or its name. */
export function WatchForm() {
  const client = useQueryClient();
  const labels = useLabelStore((state) => state.entries);
  const networkId = useUi((state) => state.networkId);
  const [account, setAccount] = useState('');
  const [min, setMin] = useState('');
  const [problem, setProblem] = useState<{ text: string; choices?: ListedLabel[] | undefined } | null>(null);

  async function add() {
    let target = targetOf(account, labels);
    if (!target.ok && isFederationAddress(account)) {
      const found = await resolveFederationAddress(account, networkId);
      target = found.ok ? { ok: true, account: found.answer.account } : { ok: false, problem: found.message };
    }
    if (!target.ok) {
      setProblem({ text: target.problem, choices: target.choices });
      if (/secret key/.test(target.problem)) setAccount('');
      return;
    }
    let minAmounts: Minimums;
    try {
      minAmounts = parseMinimumsText(min);
    } catch (error) {
      setProblem({ text: `Minimum: ${(error as Error).message}.` });
      return;
    }
    setProblem(null);
    try {
      await call('stream:watch', { account: target.account, minAmounts });
      setAccount('');
      setMin('');
      await client.invalidateQueries({ queryKey: ['stream:list'] });
      if (typeof Notification !== 'undefined' && Notification.permission === 'default')
        void Notification.requestPermission();
    } catch (error) {
      setProblem({ text: (error as Error).message });
    }
  }

  return (
    <form
      className="watch-form"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
      aria-label="Watch an account"
    >
      <input
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        placeholder="Account G…, its name, or name*domain"
        aria-label="Account to watch"
        spellCheck={false}
        className="mono"
      />
      <input
        value={min}
        onChange={(e) => setMin(e.target.value)}
        placeholder="Notify from: 10, or XLM=5, USD:G…=100"
        aria-label="Notification minimum"
      />
      <button type="submit" className="primary">
        Watch
      </button>
      {problem ? (
        <WatchProblem
          text={problem.text}
          choices={problem.choices}
          onPick={(picked) => {
            setAccount(picked);
            setProblem(null);
          }}
        />
      ) : null}
    </form>
  );
}

/** Why nothing was watched; for a name that several accounts begin, those accounts by name and id. */
function WatchProblem({
  text,
  choices,
  onPick,
}: {
  text: string;
  choices?: ListedLabel[] | undefined;
  onPick(account: string): void;
}) {
  return (
    <div role="alert" className="bad">
      <p>{text}</p>
      {choices?.length ? (
        <ul className="watch-choices" aria-label="Accounts with that name">
          {choices.map((entry) => (
            <li key={entry.account}>
              <button type="button" onClick={() => onPick(entry.account)} title={`Watch ${entry.account}`}>
                <LabelText name={entry.label} /> <span className="mono muted">{abbreviateId(entry.account)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
