import { useState } from 'react';
import type { ConnectionTest, NetworkProfile } from '../../../../shared/ipc';
import { call } from '../../lib/bridge';

export interface Draft {
  name: string;
  baseUrl: string;
  passphrase: string;
  /** Which submission endpoint (docs/app-core.md, "Asynchronous submission"). */
  submission: 'auto' | 'sync' | 'async';
}

interface NetworkFormProps {
  initial?: NetworkProfile;
  onSave(draft: Draft): Promise<void>;
  onCancel(): void;
}

/** Add or edit a network profile; "Test connection" probes without saving. */
export function NetworkForm({ initial, onSave, onCancel }: NetworkFormProps) {
  const { draft, setDraft, field, test, problem, busy, runTest, save } = useNetworkDraft(initial, onSave);

  return (
    <form
      className="network-form card"
      aria-label={initial ? `Edit ${initial.name}` : 'Add a network'}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        Name <input {...field('name')} required maxLength={64} />
      </label>
      <label>
        Base URL <input {...field('baseUrl')} required type="url" className="mono" />
      </label>
      <label>
        Passphrase{' '}
        <input
          {...field('passphrase')}
          required
          className="mono"
          placeholder="filled in by Test connection when the server reports it"
        />
      </label>
      {/* Stellar RPC submits one way (sendTransaction): the choice is Horizon's. */}
      {(test?.dialect ?? initial?.dialect) === 'rpc' ? null : (
        <SubmissionSelect value={draft.submission} onChange={(submission) => setDraft({ ...draft, submission })} />
      )}
      <div className="actions">
        <button type="button" onClick={() => void runTest()} disabled={busy}>
          Test connection
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {test ? <ConnectionTestResult test={test} passphrase={draft.passphrase} /> : null}
      {problem ? (
        <p role="alert" className="bad">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** The draft profile, and testing or saving it: busy while either runs, and what went wrong. */
function useNetworkDraft(initial: NetworkProfile | undefined, onSave: (draft: Draft) => Promise<void>) {
  const [draft, setDraft] = useState<Draft>({
    name: initial?.name ?? '',
    baseUrl: initial?.baseUrl ?? 'https://',
    passphrase: initial?.passphrase ?? '',
    submission: initial?.submission ?? 'auto',
  });
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: Exclude<keyof Draft, 'submission'>) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  async function runTest() {
    setBusy(true);
    setProblem(null);
    try {
      const result = await call('network:test', {
        baseUrl: draft.baseUrl,
        ...(draft.passphrase ? { passphrase: draft.passphrase } : {}),
      });
      setTest(result);
      if (!draft.passphrase && result.serverPassphrase)
        setDraft((d) => ({ ...d, passphrase: result.serverPassphrase ?? '' }));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    setBusy(true);
    setProblem(null);
    try {
      await onSave(draft);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return { draft, setDraft, field, test, problem, busy, runTest, save };
}

function SubmissionSelect({
  value,
  onChange,
}: {
  value: Draft['submission'];
  onChange(submission: Draft['submission']): void;
}) {
  return (
    <label>
      Submission{' '}
      <select value={value} onChange={(e) => onChange(e.target.value as Draft['submission'])}>
        <option value="auto">Automatic: asynchronous when the server offers it</option>
        <option value="sync">Synchronous (POST /transactions)</option>
        <option value="async">Asynchronous (POST /transactions_async)</option>
      </select>
    </label>
  );
}

/** What "Test connection" found: reachable or not, latency, dialect, latest ledger, a passphrase that differs. */
function ConnectionTestResult({ test, passphrase }: { test: ConnectionTest; passphrase: string }) {
  return (
    <p role="status" className={test.ok ? 'ok' : 'bad'} data-testid="connection-test">
      {test.ok ? 'Reachable' : 'Not reachable'}: {test.message}
      {test.latencyMs !== null ? ` · ${test.latencyMs} ms` : ''}
      {test.dialect ? ` · ${test.dialect} dialect` : ''}
      {test.latestLedger !== null ? ` · ledger ${test.latestLedger}` : ''}
      {test.serverPassphrase && passphrase && test.serverPassphrase !== passphrase
        ? ' · the server reports a different passphrase'
        : ''}
    </p>
  );
}
