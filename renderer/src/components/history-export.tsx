// The workbench's export of the filtered set from the history index: the one column set (CSV),
// the accounting layout (one row per transaction, for Koinly, CoinTracking and the like) or NDJSON.
// The core writes the file in the export directory; in the browser the finished file is offered
// as a download, as the explorer's export is (the web host's /exports/<id>).
import { useState } from 'react';
import { shownExportPath } from '../lib/export-path';
import type { HistoryFilter, HistorySort } from '../../../shared/history';
import { call, exportDownloadUrl } from '../lib/bridge';
import { useUi } from '../lib/store';
import { Untrusted } from './untrusted';

type HistoryExportFormat = 'csv' | 'accounting' | 'ndjson';

const BUTTONS: [HistoryExportFormat, string][] = [
  ['csv', 'Export CSV'],
  ['accounting', 'Export for accounting'],
  ['ndjson', 'Export NDJSON'],
];

interface Outcome {
  ok: boolean;
  text: string;
  exportId?: string | undefined;
  /** The account, filters and order it was made for: once they change, it no longer describes them. */
  of: string;
}

export function HistoryExportButtons({
  account,
  filter,
  sort,
}: {
  account: string;
  filter: HistoryFilter;
  sort: HistorySort;
}) {
  const [kept, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const host = useUi((state) => state.host);
  const of = JSON.stringify([account, filter, sort]);
  const outcome = kept?.of === of ? kept : null;
  async function run(format: HistoryExportFormat) {
    setBusy(true);
    setOutcome(null);
    try {
      const done = await call('history:export', { account, filter, sort, format });
      const where = host === 'electron' ? 'to' : 'as';
      const text = `Exported ${done.rows.toLocaleString('en')} operations ${where} ${shownExportPath(done.path, host)}`;
      setOutcome({ ok: true, text, exportId: done.exportId, of });
    } catch (error) {
      setOutcome({ ok: false, text: `Export failed: ${(error as Error).message}`, of });
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="export-buttons">
      {BUTTONS.map(([format, label]) => (
        <button
          key={format}
          type="button"
          disabled={busy}
          onClick={() => void run(format)}
          title={
            format === 'accounting'
              ? 'One row per transaction, in the layout Koinly and CoinTracking import'
              : undefined
          }
        >
          {label}
        </button>
      ))}
      {outcome ? (
        <span role="status" className={`small ${outcome.ok ? '' : 'bad'}`} data-testid="export-result">
          <Untrusted text={outcome.text} />
        </span>
      ) : null}
      {host === 'web' && outcome?.exportId ? (
        <a className="button-like" href={exportDownloadUrl(outcome.exportId)} download>
          Download the file
        </a>
      ) : null}
    </span>
  );
}
