// "Index this account" on the account page: starts the local index's sync, shows its progress
// (records, rate, the time span it covers) with pause / resume / cancel, what a partial index
// covers ("partial: indexed … ; interrupted: resume"), and once the account is indexed links to
// its workbench, with whether its history reconciles (ReconcileStatus).
import { useState } from 'react';
import type { HistoryProgress } from '../../../../shared/history';
import { coverageText } from '../../../../shared/index-coverage';
import { absoluteTime } from '../../lib/format';
import { useHistoryActions, useHistoryStatus } from '../../lib/history';
import { href } from '../../lib/router';
import { ReconcileStatus } from './reconcile-status';
import { lakeProgressText } from '../../../../shared/lake-progress';
import { waitText } from '../../../../shared/wait-text';

const STATE_TEXT: Record<HistoryProgress['state'], string> = {
  idle: 'not syncing',
  syncing: 'syncing',
  paused: 'paused',
  current: 'current',
  error: 'stopped by an error',
  cancelled: 'cancelled',
};

/** "1,234 records · 310/s · 2026-11-01 00:00:05 – 2026-11-02 10:11:12 UTC". */
export function progressText(progress: HistoryProgress): string {
  const parts = [`${progress.records.toLocaleString('en')} record${progress.records === 1 ? '' : 's'}`];
  // An index read from ledgers goes by ledgers, not records a second.
  if (progress.state === 'syncing' && progress.lake) parts.push(lakeProgressText(progress.lake, true));
  else if (progress.state === 'syncing') parts.push(`${Math.round(progress.ratePerSecond).toLocaleString('en')}/s`);
  if (progress.oldest && progress.newest)
    parts.push(`${absoluteTime(progress.oldest).replace(' UTC', '')} – ${absoluteTime(progress.newest)}`);
  if (progress.waitingMs) {
    const limit = progress.waitLimitMs ? ` (it waits at most ${Math.round(progress.waitLimitMs / 1000)} s)` : '';
    parts.push(`${waitText(progress.waitingMs, progress.waitingFor)}${limit}`);
  }
  return parts.join(' · ');
}

/** `linked`: offer "Open in workbench" (not on the workbench itself). */
export function IndexPanel({ account, linked = true }: { account: string; linked?: boolean }) {
  const status = useHistoryStatus(account);
  const actions = useHistoryActions();
  const [problem, setProblem] = useState<string | null>(null);
  const run = (action: (account: string) => Promise<unknown>) => {
    setProblem(null);
    action(account).catch((error: Error) => setProblem(error.message));
  };
  const progress = status.data;
  let body;
  if (status.isError) body = <span className="bad small">Index status unavailable: {status.error.message}</span>;
  else if (!progress) body = <span className="muted small">Index: checking…</span>;
  else if (progress.coverage?.partial === 'damaged')
    body = <Damaged message={progress.message} onRebuild={() => run(actions.rebuild)} />;
  else {
    const indexed = progress.records > 0;
    const syncing = progress.state === 'syncing';
    body = (
      <>
        <strong>Local index</strong>
        <span className={`index-state st-${progress.state}`} data-testid="index-state">
          {indexed || syncing ? STATE_TEXT[progress.state] : 'not indexed'}
        </span>
        {indexed || syncing ? (
          <span className="small num" data-testid="index-progress">
            {progressText(progress)}
          </span>
        ) : null}
        {indexed && progress.coverage?.ledgers && !progress.coverage.partial ? (
          // An index read from ledgers covers its range only: said even when it is whole.
          <span className="small" data-testid="index-coverage">
            {coverageText(progress.coverage)}
          </span>
        ) : null}
        {indexed && progress.coverage?.partial ? (
          <span className="small warn" data-testid="index-coverage">
            {coverageText(progress.coverage)}
          </span>
        ) : null}
        {progress.message ? <span className="small bad">{progress.message}</span> : null}
        {syncing ? (
          <>
            <button type="button" onClick={() => run(actions.pause)}>
              Pause
            </button>
            <button type="button" onClick={() => run(actions.cancel)}>
              Cancel
            </button>
          </>
        ) : progress.state === 'current' ? null : (
          <button type="button" className={indexed ? undefined : 'primary'} onClick={() => run(actions.sync)}>
            {indexed
              ? progress.state === 'paused' || progress.state === 'cancelled'
                ? 'Resume'
                : 'Update index'
              : 'Index this account'}
          </button>
        )}
        {indexed && linked ? <a href={href('history', account)}>Open in workbench</a> : null}
        {indexed && linked ? <ReconcileStatus account={account} /> : null}
      </>
    );
  }
  return (
    <section className="index-bar" aria-label="Local index">
      {body}
      {problem ? (
        <span role="alert" className="bad small">
          {problem}
        </span>
      ) : null}
    </section>
  );
}

/** A damaged index (docs/history-index.md): what the core said (which account, why) and the one way on. */
function Damaged({ message, onRebuild }: { message: string | undefined; onRebuild(): void }) {
  return (
    <>
      <strong>Local index</strong>
      <span className="index-state st-error" data-testid="index-state">
        damaged
      </span>
      <span className="small bad" role="alert" data-testid="index-damaged">
        {message ?? 'The index failed its check: nothing is read from it until it is rebuilt.'}
      </span>
      <button type="button" className="primary" onClick={onRebuild}>
        Rebuild
      </button>
    </>
  );
}
