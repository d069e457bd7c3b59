// Naming an account: one dialog for the whole app, opened from any account id's label button or
// from the account page. The label is saved in the core's address book (labels:set).
import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { MAX_LABEL_CHARS } from '../../../shared/label-limits';
import { abbreviateId } from '../../../shared/ids';
import { removeLabel, saveLabel, useLabel } from '../lib/labels';
import { ModalBackdrop } from './modal-backdrop';

export const useLabelDialog = create<{ account: string | null; open(account: string): void; close(): void }>((set) => ({
  account: null,
  open: (account) => set({ account }),
  close: () => set({ account: null }),
}));

/**
 * The small ✎ next to an account id: opens the label dialog for it. In Tab order like the id's
 * copy button (shown in full when focused); inside table rows, where j/k and Enter drive the
 * table, it stays out of Tab order like the row's links.
 */
export function LabelButton({ account }: { account: string }) {
  const open = useLabelDialog((state) => state.open);
  return (
    <button
      type="button"
      className="label-edit"
      title="Name this account"
      aria-label={`Name account ${account}`}
      onClick={(event) => {
        event.stopPropagation();
        event.preventDefault();
        open(account);
      }}
    >
      ✎
    </button>
  );
}

/** Mounted once in the app: the dialog for the account being named, if any. */
export function LabelDialogHost() {
  const account = useLabelDialog((state) => state.account);
  const close = useLabelDialog((state) => state.close);
  return account ? <LabelDialog key={account} account={account} onClose={close} /> : null;
}

function LabelDialog({ account, onClose }: { account: string; onClose(): void }) {
  const current = useLabel(account);
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <ModalBackdrop onClose={onClose}>
      <form
        className="modal label-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Name account"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void run(() => saveLabel(account, text));
        }}
      >
        <h3>
          Name account{' '}
          <span className="mono muted" title={account}>
            {abbreviateId(account)}
          </span>
        </h3>
        <input
          ref={input}
          type="text"
          value={text}
          maxLength={MAX_LABEL_CHARS + 10}
          aria-label="Label"
          placeholder="e.g. Exchange hot wallet"
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p className="bad small" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted small">
            Up to {MAX_LABEL_CHARS} characters. Kept on this computer; export it from Settings.
          </p>
        )}
        <div className="row">
          <button type="submit" disabled={busy}>
            Save
          </button>
          {current ? (
            <button type="button" disabled={busy} onClick={() => void run(() => removeLabel(account))}>
              Remove label
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalBackdrop>
  );
}
