import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { parseMinimumsText, type Minimums } from '../../../../shared/minimums';
import { classifyId } from '../../../../shared/ids';
import { call } from '../../lib/bridge';

/** Adds a watched account (the core persists it and opens its stream). */
export function WatchForm() {
  const client = useQueryClient();
  const [account, setAccount] = useState('');
  const [min, setMin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function add() {
    const found = classifyId(account);
    if (found.kind !== 'account') {
      setProblem(found.kind === 'invalid' ? `Not an account: ${found.reason}.` : 'Only accounts (G…) can be watched.');
      if (found.kind === 'invalid' && /secret key/.test(found.reason)) setAccount('');
      return;
    }
    let minAmounts: Minimums;
    try {
      minAmounts = parseMinimumsText(min);
    } catch (error) {
      setProblem(`Minimum: ${(error as Error).message}.`);
      return;
    }
    setProblem(null);
    try {
      await call('stream:watch', { account: found.value, minAmounts });
      setAccount('');
      setMin('');
      await client.invalidateQueries({ queryKey: ['stream:list'] });
      if (typeof Notification !== 'undefined' && Notification.permission === 'default')
        void Notification.requestPermission();
    } catch (error) {
      setProblem((error as Error).message);
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
        placeholder="Account G…"
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
        <p role="alert" className="bad">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
