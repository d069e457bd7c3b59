// "Export…": streams the whole listing, with its filters, to a CSV or NDJSON file in the core.
import { useEffect, useRef, useState } from 'react';
import type { ListingTarget } from '../../../shared/ipc';
import type { ExportProgress } from '../../../shared/model';
import { call, exportDownloadUrl, onEvent } from '../lib/bridge';
import { useUi } from '../lib/store';
import type { ListingFilters } from '../lib/listing';

export function ExportDialog({ target, filters, onClose }: { target: ListingTarget; filters: ListingFilters; onClose(): void }) {
  const [format, setFormat] = useState<'csv' | 'ndjson'>('csv');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const idRef = useRef<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const host = useUi((state) => state.host);

  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('select,button')?.focus();
    return onEvent('export:progress', (update) => {
      if (update.exportId === idRef.current) setProgress(update);
    });
  }, []);

  async function start() {
    setError(null);
    try {
      const name = target.kind === 'payments' ? `payments-${target.account.slice(0, 8)}` : `operations-${target.scope}-${target.id.slice(0, 12)}`;
      const first = await call('export:start', {
        target,
        query: { order: filters.order, includeFailed: filters.includeFailed, includeTransactions: filters.includeTransactions },
        format,
        fileName: `${name}.${format === 'csv' ? 'csv' : 'ndjson'}`,
      });
      idRef.current = first.exportId;
      setProgress((current) => (current && current.exportId === first.exportId && current.rows > first.rows ? current : first));
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function cancel() {
    if (idRef.current && progress?.state === 'running') await call('export:cancel', { exportId: idRef.current }).catch(() => undefined);
  }

  const running = progress?.state === 'running';
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && !running && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label="Export" ref={dialogRef}>
        <h2>Export</h2>
        <p className="muted small">
          The whole listing with its filters: order {filters.order === 'desc' ? 'newest first' : 'oldest first'}
          {filters.includeFailed ? ', failed included' : ''}
          {filters.includeTransactions ? ', with transactions' : ''}.
        </p>
        {!progress ? (
          <label>
            Format{' '}
            <select value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'ndjson')}>
              <option value="csv">CSV</option>
              <option value="ndjson">NDJSON</option>
            </select>
          </label>
        ) : (
          <ExportStatus progress={progress} host={host} />
        )}
        {error ? <p role="alert" className="bad">{error}</p> : null}
        <div className="actions">
          {!progress ? <button type="button" className="primary" onClick={() => void start()}>Start export</button> : null}
          {running ? <button type="button" onClick={() => void cancel()}>Cancel export</button> : null}
          <button type="button" onClick={onClose} disabled={running}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/** Where a started export stands: rows (of the total, when known), pages, its file, a download in the browser. */
function ExportStatus({ progress, host }: { progress: ExportProgress; host: 'electron' | 'web' | null }) {
  return (
    <div className="export-progress" data-state={progress.state}>
      <ExportBar progress={progress} />
      <p role="status">
        {progress.state}: {progress.rows.toLocaleString('en')}
        {progress.total !== undefined ? ` of ${progress.total.toLocaleString('en')}` : ''} rows, {progress.pages} pages
        {progress.waitingMs ? ` (rate limited, waiting ${Math.ceil(progress.waitingMs / 1000)} s)` : ''}
      </p>
      <p className="mono small wrap">{progress.path}</p>
      {progress.message ? <p className="small">{progress.message}</p> : null}
      {host === 'web' && progress.state !== 'running' && progress.rows > 0 ? (
        <a className="button-like" href={exportDownloadUrl(progress.exportId)} download>
          Download {progress.state === 'done' ? 'the file' : 'the partial file'}
        </a>
      ) : null}
    </div>
  );
}

/** Determinate when the total is known (or the export ended), indeterminate otherwise. */
function ExportBar({ progress }: { progress: ExportProgress }) {
  if (progress.state !== 'running') return <progress aria-label="Export progress" max={1} value={1} />;
  if (progress.total === undefined || progress.total === 0) return <progress aria-label="Export progress" />;
  return <progress aria-label="Export progress" max={progress.total} value={Math.min(progress.rows, progress.total)} />;
}
