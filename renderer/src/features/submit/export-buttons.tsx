// The merged envelope out of the app: copied as base64, hex or a SEP-7 URI (formed by the core,
// which knows the network passphrase), or saved as a file through the browser's download.
import { useState } from 'react';
import type { ExportFormat } from '../../../../shared/signatures';
import { call } from '../../lib/bridge';

async function copy(text: string): Promise<void> {
  await navigator.clipboard?.writeText(text);
}

export function ExportButtons({ envelope, hash }: { envelope: string; hash: string }) {
  const [shown, setShown] = useState<{ format: ExportFormat; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function exportAs(format: ExportFormat, save: boolean) {
    try {
      const { text } = await call('signatures:export', { input: envelope, format });
      setShown({ format, text });
      setProblem(null);
      if (save) download(text, `transaction-${hash.slice(0, 16)}.${format === 'base64' ? 'xdr' : 'txt'}`);
      else await copy(text).catch(() => undefined);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <div className="actions export" aria-label="Export envelope">
      <button type="button" onClick={() => void exportAs('base64', false)}>
        Copy base64
      </button>
      <button type="button" onClick={() => void exportAs('hex', false)}>
        Copy hex
      </button>
      <button type="button" onClick={() => void exportAs('sep7', false)}>
        Copy SEP-7 URI
      </button>
      <button type="button" onClick={() => void exportAs('base64', true)}>
        Save file
      </button>
      {shown ? (
        <output className="mono small wrap" data-testid="export-text" data-format={shown.format}>
          {shown.text}
        </output>
      ) : null}
      {problem ? <p className="bad small">{problem}</p> : null}
    </div>
  );
}

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
