// Settings → Address book: every label, with import and export as JSON or CSV. A file is checked
// here for size first (the core checks everything again, and refuses a bad file whole).
import { useState } from 'react';
import { MAX_IMPORT_CHARS, type ListedLabel } from '../../../../shared/labels';
import { showHidden } from '../../../../shared/visible-text';
import { LabelText } from '../../components/id-link';
import { IdText } from '../../components/id-text';
import { Untrusted } from '../../components/untrusted';
import { call } from '../../lib/bridge';
import { reloadLabels, removeLabel, useLabelStore } from '../../lib/labels';
import { href } from '../../lib/router';

type Message = { tone: 'ok' | 'bad'; text: string } | null;

/** Offers text as a downloaded file (both hosts: a Blob link the browser saves). */
function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.readAsText(file);
  });
}

export async function importLabelFile(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_CHARS) {
    throw new Error(
      `${file.name} is ${(file.size / 1_000_000).toFixed(1)} MB; an address book file is at most 2 MB. Nothing was imported.`,
    );
  }
  const summary = await call('labels:import', { text: await readText(file) });
  await reloadLabels();
  const said = `Imported ${file.name}: ${summary.added} added, ${summary.updated} changed, ${summary.unchanged} unchanged; ${summary.total} labels on this network.`;
  if (summary.elsewhere === 0) return said;
  // A file's labels for other networks are stored there (the file names the network), not listed here.
  const which =
    summary.elsewhere === 1
      ? '1 of them is for another network'
      : `${summary.elsewhere} of them are for other networks`;
  return `${said} ${which}: listed while that network is selected.`;
}

export function AddressBook() {
  const entries = useLabelStore((state) => state.entries);
  const [message, setMessage] = useState<Message>(null);

  async function exportAs(format: 'json' | 'csv') {
    try {
      const result = await call('labels:export', { format });
      download(result.text, `ledgerscope-labels.${format}`, format === 'csv' ? 'text/csv' : 'application/json');
      setMessage({ tone: 'ok', text: `Exported ${result.count} labels as ${format.toUpperCase()}.` });
    } catch (error) {
      setMessage({ tone: 'bad', text: (error as Error).message });
    }
  }

  return (
    <section className="card" aria-label="Address book">
      <h3>Address book</h3>
      <p className="muted small">
        Names for accounts on the selected network, shown wherever the account appears there: the same key on another
        network may be anyone's, so a name is kept for the network it was given on. Name one from its page or the ✎ next
        to its id. Names marked “local network” are the local network's own (its demo accounts): shown on that network
        only, and not exported. Names marked “all networks” were given before names were kept per network: they show on
        every network until you remove them or name the account again here. Export is of this network's names, each with
        its network; an import puts a name on the network its file gives, else on this one.
      </p>
      <div className="row-actions">
        <button type="button" onClick={() => void exportAs('json')}>
          Export JSON
        </button>
        <button type="button" onClick={() => void exportAs('csv')}>
          Export CSV
        </button>
        <label className="button-like">
          Import JSON or CSV…
          <input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            aria-label="Import labels from a JSON or CSV file"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file)
                void importLabelFile(file).then(
                  (text) => setMessage({ tone: 'ok', text }),
                  (error: Error) => setMessage({ tone: 'bad', text: error.message }),
                );
            }}
          />
        </label>
      </div>
      {message ? (
        <p
          role={message.tone === 'bad' ? 'alert' : 'status'}
          className={message.tone === 'bad' ? 'bad' : 'small'}
          data-testid="labels-message"
        >
          <Untrusted text={message.text} />
        </p>
      ) : null}
      <LabelList entries={entries} />
    </section>
  );
}

/** The first 200 labels, each with its account and Remove; how many more the book holds. */
function LabelList({ entries }: { entries: ListedLabel[] }) {
  return (
    <>
      {entries.length ? (
        <table className="dense">
          <tbody>
            {entries.slice(0, 200).map((entry) => (
              <tr key={entry.account} data-origin={entry.origin ?? (entry.everyNetwork ? 'every-network' : 'user')}>
                <td>
                  <LabelText name={entry.label} />
                  {entry.origin === 'network' ? (
                    <>
                      {' '}
                      <span className="badge" title="The local network's own name for its demo account">
                        local network
                      </span>
                    </>
                  ) : null}
                  {entry.everyNetwork ? (
                    <>
                      {' '}
                      <span
                        className="badge"
                        title="Given before names were kept per network: shown on every network. Name the account again to keep a name for this network only."
                      >
                        all networks
                      </span>
                    </>
                  ) : null}
                </td>
                <td>
                  <a href={href('account', entry.account)} className="mono small" aria-label={entry.account}>
                    <IdText id={entry.account} form="full" />
                  </a>
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove label ${showHidden(entry.label)}`}
                    onClick={() => void removeLabel(entry.account)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No labels yet.</p>
      )}
      {entries.length > 200 ? (
        <p className="muted small">…and {entries.length - 200} more (all your labels are in an export).</p>
      ) : null}
    </>
  );
}
