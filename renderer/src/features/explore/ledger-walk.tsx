// "← previous" on a ledger page, optionally skipping empty ledgers (the local network closes one
// every second, most of them empty): the core finds the nearest earlier ledger with operations.
import { useState } from 'react';
import { call } from '../../lib/bridge';
import { href, navigate } from '../../lib/router';

const SKIP_KEY = 'ledgerscope-skip-empty-ledgers';

function storedSkip(): boolean {
  try {
    return localStorage.getItem(SKIP_KEY) === 'true';
  } catch {
    return false;
  }
}

export function PreviousLedger({ sequence }: { sequence: number }) {
  const [skipEmpty, setSkipEmpty] = useState(storedSkip);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function walk() {
    setBusy(true);
    setMessage(null);
    try {
      const found = await call('ledger:previous', { sequence, skipEmpty });
      if (found.sequence === null) setMessage(`No ledger with operations in the ${found.skipped} before this one.`);
      else navigate(href('ledger', String(found.sequence)));
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (sequence <= 1) return null;
  return (
    <span className="ledger-walk">
      {skipEmpty ? (
        <button type="button" className="link-like" disabled={busy} onClick={() => void walk()}>
          ← previous with operations
        </button>
      ) : (
        <a href={href('ledger', String(sequence - 1))}>← previous</a>
      )}{' '}
      <label className="small muted">
        <input
          type="checkbox"
          checked={skipEmpty}
          onChange={(event) => {
            setSkipEmpty(event.target.checked);
            try {
              localStorage.setItem(SKIP_KEY, String(event.target.checked));
            } catch {
              // without storage the choice lasts for this page
            }
          }}
        />{' '}
        skip empty
      </label>
      {message ? (
        <span className="small bad" role="status">
          {' '}
          {message}
        </span>
      ) : null}
    </span>
  );
}
