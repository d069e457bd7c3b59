// The "?" dialog: every key the app answers, read from the one list (lib/keys.ts SHORTCUTS).
// Escape, a click outside or Close shuts it, and focus goes back where it was.
import { useEffect, useRef } from 'react';
import { SHORTCUTS, useShortcutsDialog, type Shortcut } from '../lib/keys';
import { ModalBackdrop } from './modal-backdrop';

/** Mounted once in the app: the dialog while it is open. */
export function ShortcutsDialogHost() {
  const open = useShortcutsDialog((state) => state.open);
  const setOpen = useShortcutsDialog((state) => state.setOpen);
  return open ? <ShortcutsDialog onClose={() => setOpen(false)} /> : null;
}

function Keys({ shortcut }: { shortcut: Shortcut }) {
  const between = shortcut.join === 'then' ? ' then ' : shortcut.join;
  return (
    <>
      {shortcut.keys.map((key, i) => (
        <span key={key}>
          {i > 0 ? between : null}
          <kbd>{key}</kbd>
        </span>
      ))}
    </>
  );
}

function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  const groups = [...new Set(SHORTCUTS.map((s) => s.where))];
  return (
    <ModalBackdrop onClose={onClose}>
      <div className="modal shortcuts" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
        <h2>Keyboard shortcuts</h2>
        <div className="groups">
          {groups.map((where) => (
            <table key={where} className="dense" aria-label={where}>
              <caption>{where}</caption>
              <tbody>
                {SHORTCUTS.filter((s) => s.where === where).map((s) => (
                  <tr key={s.what}>
                    <td className="keys">
                      <Keys shortcut={s} />
                    </td>
                    <td>{s.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
        <div className="actions">
          <button type="button" ref={close} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalBackdrop>
  );
}
