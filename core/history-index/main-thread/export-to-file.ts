// An export of an account's index to a file of the export directory, written whole or not at all.
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import type { HistoryFilter, HistorySort } from '../../../shared/history';
import { finishTemp, openTemp } from '../../exports/whole-file';
import type { OpArgs, OpResult } from '../protocol';

export interface ExportRequest {
  account: string;
  filter: HistoryFilter;
  sort: HistorySort;
  format: 'csv' | 'accounting' | 'ndjson';
  fileName?: string | undefined;
  names?: [string, string][];
  maxRows?: number | undefined;
}

export async function exportToFile(
  exportDir: string,
  write: (args: OpArgs<'export'>) => Promise<OpResult<'export'>>,
  request: ExportRequest,
): Promise<{ path: string; rows: number }> {
  mkdirSync(exportDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const kind = request.format === 'accounting' ? '-accounting' : '';
  const ext = request.format === 'ndjson' ? 'ndjson' : 'csv';
  const base = request.fileName ?? `history-${request.account.slice(0, 8)}${kind}-${stamp}.${ext}`;
  // Written whole or not at all (core/exports/whole-file.ts): the worker writes into a temporary
  // file created here exclusively, which is flushed and only then given a fresh name (two exports
  // of one name at once get two files, and a file already there is never replaced); if it fails,
  // or the process is killed, no file stands under the name, so no part passes for the whole.
  const temp = openTemp(exportDir, base);
  closeSync(temp.fd);
  try {
    const { rows } = await write({
      account: request.account,
      filter: request.filter,
      sort: request.sort,
      format: request.format,
      ...(request.names ? { names: request.names } : {}),
      ...(request.maxRows !== undefined ? { maxRows: request.maxRows } : {}),
      path: temp.path,
    });
    return { path: finishTemp({ path: temp.path, fd: openSync(temp.path, 'r+') }, base), rows };
  } catch (error) {
    rmSync(temp.path, { force: true });
    throw error;
  }
}
