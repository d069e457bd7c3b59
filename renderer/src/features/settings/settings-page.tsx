// Settings: network profiles, notification minimums of watched accounts, the local history
// indexes of the selected network, theme.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConnectionTest, NetworkProfile } from '../../../../shared/ipc';
import { useNetworks } from '../../components/network-status';
import { useWatched } from '../../components/sidebar';
import { IdLink } from '../../components/id-link';
import { ViewBoundary } from '../../components/view-boundary';
import { IndexesSection } from '../workbench/indexes-section';
import { call } from '../../lib/bridge';
import { useUi, type ThemeSetting } from '../../lib/store';
import { AddressBook } from './address-book';
import { NetworkForm, type Draft } from './network-form';
import { formatMinimums, parseMinimumsText } from '../../../../shared/minimums';

export function SettingsPage() {
  return (
    <section className="settings-page" aria-label="Settings">
      <h2>Settings</h2>
      <NetworksCard />
      <Minimums />
      <AddressBook />
      <ViewBoundary name="The indexes">
        <IndexesSection />
      </ViewBoundary>
      <ThemePicker />
    </section>
  );
}

/** The network profiles: test each, edit or remove those not built in, add one. */
function NetworksCard() {
  const client = useQueryClient();
  const networks = useNetworks();
  const [editing, setEditing] = useState<NetworkProfile | 'new' | null>(null);
  const [tests, setTests] = useState<Record<string, ConnectionTest | string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: ['network:list'] });

  async function save(draft: Draft) {
    if (editing === 'new') await call('network:add', draft);
    else if (editing) await call('network:update', { id: editing.id, changes: draft });
    setEditing(null);
    await refresh();
  }

  /** A removal the core refuses is said in the network's row (issue #36: it was an unhandled rejection). */
  async function remove(id: string) {
    try {
      await call('network:remove', { id });
      await refresh();
    } catch (error) {
      setTests((t) => ({ ...t, [id]: `not removed: ${(error as Error).message}` }));
    }
  }

  async function test(id: string) {
    setTests((t) => ({ ...t, [id]: 'testing…' }));
    const result = await call('network:test', { id }).catch((e: Error) => e.message);
    setTests((t) => ({ ...t, [id]: result }));
  }

  return (
    <section className="card" aria-label="Networks">
      <h3>Networks</h3>
      <table className="dense">
        <thead>
          <tr>
            <th>Name</th>
            <th>URL</th>
            <th>Dialect</th>
            <th />
            <th>Connection</th>
          </tr>
        </thead>
        <tbody>
          {networks.data?.profiles.map((p) => (
            <NetworkRow
              key={p.id}
              profile={p}
              selected={p.id === networks.data?.selectedId}
              result={tests[p.id]}
              onTest={() => void test(p.id)}
              onEdit={() => setEditing(p)}
              onRemove={() => void remove(p.id)}
            />
          ))}
        </tbody>
      </table>
      {editing ? (
        <NetworkForm
          key={editing === 'new' ? 'new' : editing.id}
          {...(editing === 'new' ? {} : { initial: editing })}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          Add a network…
        </button>
      )}
    </section>
  );
}

interface NetworkRowProps {
  profile: NetworkProfile;
  selected: boolean;
  /** The last test: in progress (text), its outcome, or its failure (text); or why a removal was refused. */
  result: ConnectionTest | string | undefined;
  onTest(): void;
  onEdit(): void;
  onRemove(): void;
}

function NetworkRow({ profile: p, selected, result, onTest, onEdit, onRemove }: NetworkRowProps) {
  return (
    <tr>
      <td>
        {p.name} {selected ? <span className="badge ok">selected</span> : null}
      </td>
      <td className="mono small">{p.baseUrl}</td>
      <td>{p.dialect}</td>
      <td>
        <div className="row-actions">
          <button type="button" onClick={onTest} aria-label={`Test ${p.name}`}>
            Test
          </button>
          {p.builtIn ? null : (
            <button type="button" onClick={onEdit} aria-label={`Edit ${p.name}`}>
              Edit
            </button>
          )}
          {p.builtIn ? null : (
            <button type="button" onClick={onRemove} aria-label={`Remove ${p.name}`}>
              Remove
            </button>
          )}
        </div>
      </td>
      <td className="small" role="status">
        {connectionText(result)}
      </td>
    </tr>
  );
}

/** "ok: … (12 ms)", "failed: …", or the text as it is. */
function connectionText(result: ConnectionTest | string | undefined): string {
  if (typeof result === 'string') return result;
  return result
    ? `${result.ok ? 'ok' : 'failed'}: ${result.message}${result.latencyMs !== null ? ` (${result.latencyMs} ms)` : ''}`
    : '';
}

function Minimums() {
  const client = useQueryClient();
  const watched = useWatched();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  async function save(account: string) {
    const value = (drafts[account] ?? '').trim();
    try {
      await call('stream:watch', { account, minAmounts: parseMinimumsText(value) });
      setProblem(null);
      await client.invalidateQueries({ queryKey: ['stream:list'] });
    } catch (error) {
      setProblem((error as Error).message);
    }
  }
  return (
    <section className="card" aria-label="Notification minimums">
      <h3>Notification minimums</h3>
      <p className="muted small">
        A notification is shown for each incoming payment reaching its asset's minimum: <code>10</code> for any asset,{' '}
        <code>XLM=5</code>, <code>USD:G…=100</code>, separated by commas. Empty: every payment.
      </p>
      {watched.data?.watched.length ? (
        <table className="dense">
          <tbody>
            {watched.data.watched.map((w) => (
              <tr key={w.account}>
                <td>
                  <IdLink kind="account" id={w.account} />
                </td>
                <td>
                  <input
                    aria-label={`Minimum for ${w.account}`}
                    placeholder="10, XLM=5, USD:G…=100"
                    value={drafts[w.account] ?? formatMinimums(w.minAmounts)}
                    onChange={(e) => setDrafts({ ...drafts, [w.account]: e.target.value })}
                  />
                </td>
                <td>
                  <button type="button" onClick={() => void save(w.account)}>
                    Save
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No watched accounts.</p>
      )}
      {problem ? (
        <p role="alert" className="bad">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function ThemePicker() {
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <section className="card" aria-label="Theme">
      <h3>Theme</h3>
      {(['system', 'light', 'dark'] as ThemeSetting[]).map((t) => (
        <label key={t} className="radio">
          <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => setTheme(t)} />{' '}
          {t === 'system' ? 'Follow the system' : t === 'light' ? 'Light' : 'Dark'}
        </label>
      ))}
    </section>
  );
}
