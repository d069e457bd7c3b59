// "Index from a ledger data lake" (issue 39.2): a lake by folder or URL, a range of ledgers picked
// by number or by date, what the range costs before anything is fetched (files, requests, bytes
// estimated from sampled objects, and said so), then the sync with a progress bar (ledgers a
// second, bytes, time left), pause and resume. The lake's network must be the selected one's.
import { useState } from 'react';
import type { HistoryProgress } from '../../../../shared/history';
import type { LakeInfo } from '../../../../shared/ipc-history';
import { formatBytes } from '../../../../shared/bytes';
import { readFromRpc } from '../../../../shared/index-coverage';
import { lakeProgressText } from '../../../../shared/lake-progress';
import { Untrusted } from '../../components/untrusted';
import { useNetworks } from '../../components/network-status';
import { call } from '../../lib/bridge';
import { absoluteTime } from '../../lib/format';
import { applyProgress, useHistoryStatus } from '../../lib/history';
import { useQueryClient } from '@tanstack/react-query';
import { useUi } from '../../lib/store';

const n = (x: number) => x.toLocaleString('en');

/** The local network's service serves its lake at /lake/: the first lake a person is offered there. */
function useSuggestedLake(): string {
  const networks = useNetworks();
  const selected = networks.data?.profiles.find((p) => p.id === networks.data?.selectedId);
  return selected?.id === 'local' ? `${selected.baseUrl.replace(/\/$/, '')}/lake/` : '';
}

interface Draft {
  lake: string;
  from: string;
  to: string;
}

const ledgerOf = (text: string) => Number(text.replace(/[,\s_]/g, ''));

/** The range as asked: a field left empty is the lake's own end. */
const rangeOf = ({ from, to }: Draft) => ({
  ...(from.trim() ? { from: ledgerOf(from) } : {}),
  ...(to.trim() ? { to: ledgerOf(to) } : {}),
});

/** Runs one action at a time, keeping its error as a sentence. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setProblem(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

export function LakePanel({ account }: { account: string }) {
  const status = useHistoryStatus(account);
  const progress = status.data;
  const suggested = useSuggestedLake();
  const client = useQueryClient();
  const networkId = useUi((state) => state.networkId);
  // An index read from an RPC server's window is not a lake's: the form stays the lake's own.
  const ledgers = progress?.coverage?.ledgers;
  const held = ledgers && !readFromRpc(ledgers.where) ? ledgers : undefined;
  const [edited, setEdited] = useState<Partial<Draft>>({});
  const draft: Draft = {
    lake: edited.lake ?? held?.where ?? suggested,
    from: held ? String(held.from) : (edited.from ?? ''),
    to: edited.to ?? '',
  };
  const [info, setInfo] = useState<LakeInfo | null>(null);
  const { busy, problem, run } = useAction();
  const edit = (change: Partial<Draft>) => {
    setEdited((before) => ({ ...before, ...change }));
    setInfo(null);
  };
  const lakeProgress = progress?.lake && !readFromRpc(progress.lake.where) ? progress.lake : undefined;
  const syncing = progress?.state === 'syncing' && lakeProgress !== undefined;
  const settle = (answer: HistoryProgress) => applyProgress(client, networkId, answer);
  const actions = {
    check: () => run(async () => setInfo(await call('history:lake-info', { lake: draft.lake, ...rangeOf(draft) }))),
    byDate: (date: string, field: 'from' | 'to') =>
      run(async () => {
        if (!date) return;
        const found = await call('history:lake-ledger-at', { lake: draft.lake, time: `${date}T00:00:00Z` });
        edit({ [field]: String(found.ledger) });
      }),
    start: () =>
      run(async () => settle(await call('history:sync-lake', { account, lake: draft.lake, ...rangeOf(draft) }))),
    pause: () => run(async () => settle(await call('history:pause', { account }))),
  };
  return (
    <details className="lake-panel" open={held !== undefined || undefined} aria-label="Index from a ledger data lake">
      <summary>Index from a ledger data lake</summary>
      <LakeIntro />
      <div className="lake-form">
        <LakeFields
          draft={draft}
          edit={edit}
          byDate={actions.byDate}
          locked={syncing}
          held={held !== undefined}
          busy={busy}
        />
        <button type="button" onClick={() => void actions.check()} disabled={busy || syncing || !draft.lake}>
          Check the range
        </button>
        {syncing ? (
          <button type="button" onClick={() => void actions.pause()} disabled={busy}>
            Pause
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void actions.start()}
            disabled={busy || !draft.lake || (info !== null && !info.sameNetwork)}
          >
            {held ? (progress?.state === 'current' ? 'Read on to the lake’s end' : 'Resume') : 'Index from the lake'}
          </button>
        )}
      </div>
      {info ? <LakeEstimate info={info} /> : null}
      {lakeProgress ? <LakeProgress lake={lakeProgress} syncing={progress?.state === 'syncing'} /> : null}
      {problem ? (
        <p role="alert" className="bad small">
          <Untrusted text={problem} />
        </p>
      ) : null}
    </details>
  );
}

function LakeIntro() {
  return (
    <p className="small muted">
      A lake (SEP-54) holds every ledger of a network as files anyone can read: a folder, or an http(s) base URL. The
      account's history over the range is read from the ledgers themselves and reconciled from their own balances; no
      server is asked.
    </p>
  );
}

/** One end of the range: its ledger, or a date whose ledger the lake finds (the lake must be named first). */
function RangeEnd({
  field,
  label,
  placeholder,
  draft,
  edit,
  byDate,
  disabled,
  busy,
}: {
  field: 'from' | 'to';
  label: string;
  placeholder: string;
  draft: Draft;
  edit(change: Partial<Draft>): void;
  byDate(date: string, field: 'from' | 'to'): Promise<void>;
  disabled: boolean;
  busy: boolean;
}) {
  return (
    <>
      <label>
        {label}{' '}
        <input
          className="num"
          inputMode="numeric"
          value={draft[field]}
          onChange={(event) => edit({ [field]: event.target.value })}
          disabled={disabled}
          size={11}
          placeholder={placeholder}
        />
      </label>
      <label>
        or date{' '}
        <input
          type="date"
          onChange={(event) => void byDate(event.target.value, field)}
          disabled={busy || disabled || !draft.lake}
        />
      </label>
    </>
  );
}

/** The lake and the range, by ledger or by date; an index that holds a range keeps its lake and start. */
function LakeFields({
  draft,
  edit,
  byDate,
  locked,
  held,
  busy,
}: {
  draft: Draft;
  edit(change: Partial<Draft>): void;
  byDate(date: string, field: 'from' | 'to'): Promise<void>;
  locked: boolean;
  held: boolean;
  busy: boolean;
}) {
  const fixed = locked || held;
  return (
    <>
      <label>
        Lake (folder or URL){' '}
        <input
          className="mono"
          value={draft.lake}
          onChange={(event) => edit({ lake: event.target.value })}
          placeholder="https://…/stellar/ledgers/pubnet or /path/to/lake"
          disabled={fixed}
          size={48}
        />
      </label>
      <RangeEnd
        field="from"
        label="From ledger"
        placeholder="first"
        {...{ draft, edit, byDate }}
        disabled={fixed}
        busy={busy}
      />
      <RangeEnd
        field="to"
        label="To ledger"
        placeholder="last"
        {...{ draft, edit, byDate }}
        disabled={locked}
        busy={busy}
      />
    </>
  );
}

function LakeProgress({ lake, syncing }: { lake: NonNullable<HistoryProgress['lake']>; syncing: boolean }) {
  return (
    <div className="lake-progress" data-testid="lake-progress">
      <progress max={lake.to - lake.from + 1} value={lake.done} aria-label="Ledgers read" />
      <span className="small num">{lakeProgressText(lake, syncing)}</span>
    </div>
  );
}

/** What the lake holds and what the range costs, before anything of it is fetched. */
function LakeEstimate({ info }: { info: LakeInfo }) {
  const time = (iso: string | null) => (iso ? absoluteTime(iso) : 'time unknown');
  return (
    <div className="lake-estimate small" data-testid="lake-estimate">
      {info.sameNetwork ? null : (
        <p role="alert" className="bad">
          This lake is of another network (“
          <Untrusted text={info.networkPassphrase} />
          ”): it cannot index an account of this one.
        </p>
      )}
      <div>
        <Untrusted text={info.where} /> holds ledgers {n(info.first)} ({time(info.firstClosedAt)}) to {n(info.last)} (
        {time(info.lastClosedAt)}), {n(info.ledgersPerFile)} ledger{info.ledgersPerFile === 1 ? '' : 's'} a file.
      </div>
      <div>
        Ledgers {n(info.from)}–{n(info.to)}: {n(info.files)} file{info.files === 1 ? '' : 's'}, {n(info.requests)}{' '}
        request{info.requests === 1 ? '' : 's'},{' '}
        {info.sampled > 0
          ? `${formatBytes(info.bytes)} to download (estimated from ${n(info.sampled)} sampled file${info.sampled === 1 ? '' : 's'})`
          : 'download size not known'}
        .
      </div>
    </div>
  );
}
