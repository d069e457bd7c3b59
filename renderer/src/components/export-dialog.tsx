// "Export…": streams the whole listing, with its filters, to a file in the core: the one column set
// (CSV), the accounting layout (one row per transaction) or NDJSON.
import { useEffect, useRef, useState } from 'react';
import type { ListingTarget } from '../../../shared/ipc';
import type { ExportProgress } from '../../../shared/model';
import { call, exportDownloadUrl, onEvent } from '../lib/bridge';
import { shownExportPath, shownExportText } from '../lib/export-path';
import { Untrusted } from './untrusted';
import { useUi } from '../lib/store';
import type { ListingFilters } from '../lib/listing';
import { waitText } from '../../../shared/wait-text';

type ExportFormat = 'csv' | 'accounting' | 'ndjson';

export function ExportDialog({
  target,
  filters,
  onClose,
}: {
  target: ListingTarget;
  filters: ListingFilters;
  onClose(): void;
}) {
  const { format, setFormat, progress, error, start, cancel } = useExportJob(target, filters);
  const dialogRef = useRef<HTMLDivElement>(null);
  const host = useUi((state) => state.host);

  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('select,button')?.focus();
  }, []);

  const running = progress?.state === 'running';
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && !running && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label="Export" ref={dialogRef}>
        <h2>Export</h2>
        <ExportSummary filters={filters} />
        {!progress ? (
          <FormatPicker format={format} onChange={setFormat} />
        ) : (
          <ExportStatus progress={progress} host={host} />
        )}
        {error ? (
          <p role="alert" className="bad">
            {error}
          </p>
        ) : null}
        <div className="actions">
          {!progress ? (
            <button type="button" className="primary" onClick={() => void start()}>
              Start export
            </button>
          ) : null}
          {running ? (
            <button type="button" onClick={() => void cancel()}>
              Cancel export
            </button>
          ) : null}
          <button type="button" onClick={onClose} disabled={running}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/** One export's life in the core: its format, its start and cancel, the progress events that name it, a failure to start. */
function useExportJob(target: ListingTarget, filters: ListingFilters) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const idRef = useRef<string | null>(null);

  useEffect(() => {
    return onEvent('export:progress', (update) => {
      if (update.exportId === idRef.current) setProgress(update);
    });
  }, []);

  async function start() {
    setError(null);
    try {
      const first = await call('export:start', {
        target,
        query: {
          order: filters.order,
          includeFailed: filters.includeFailed,
          includeTransactions: filters.includeTransactions,
        },
        format,
        fileName: exportFileName(target, format),
      });
      idRef.current = first.exportId;
      setProgress((current) =>
        current && current.exportId === first.exportId && current.rows > first.rows ? current : first,
      );
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function cancel() {
    if (idRef.current && progress?.state === 'running')
      await call('export:cancel', { exportId: idRef.current }).catch(() => undefined);
  }

  return { format, setFormat, progress, error, start, cancel };
}

/** The suggested file name: the account (payments) or the scope and id (operations), and the format's extension. */
function exportFileName(target: ListingTarget, format: ExportFormat): string {
  const name =
    target.kind === 'payments'
      ? `payments-${target.account.slice(0, 8)}`
      : `operations-${target.scope}-${target.id.slice(0, 12)}`;
  return `${name}${format === 'accounting' ? '-accounting' : ''}.${format === 'ndjson' ? 'ndjson' : 'csv'}`;
}

/** What the export will hold: the listing's order and whether failed operations and transactions come with it. */
function ExportSummary({ filters }: { filters: ListingFilters }) {
  return (
    <p className="muted small">
      The whole listing with its filters: order {filters.order === 'desc' ? 'newest first' : 'oldest first'}
      {filters.includeFailed ? ', failed included' : ''}
      {filters.includeTransactions ? ', with transactions' : ''}.
    </p>
  );
}

function FormatPicker({ format, onChange }: { format: ExportFormat; onChange(format: ExportFormat): void }) {
  return (
    <label>
      Format{' '}
      <select value={format} onChange={(e) => onChange(e.target.value as ExportFormat)}>
        <option value="csv">CSV (one row per amount moved)</option>
        <option value="accounting">Accounting CSV (Koinly, CoinTracking: one row per transaction)</option>
        <option value="ndjson">NDJSON</option>
      </select>
    </label>
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
        {progress.waitingMs ? ` (${waitText(progress.waitingMs, progress.waitingFor)})` : ''}
      </p>
      <p className="mono small wrap">
        <Untrusted text={shownExportPath(progress.path, host)} />
      </p>
      {progress.message ? (
        <p className="small">
          <Untrusted text={shownExportText(progress.message, progress.path, host)} />
        </p>
      ) : null}
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
