// A drop zone and a paste area for a signed transaction (hex, base64, SEP-7 URI or JSON), or
// several signed copies of one: one a line or separated by blank lines, or several files at once.
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Untrusted } from '../../components/untrusted';
import {
  ACCEPTED_FILES,
  looksLikeSecret,
  MAX_ENVELOPES,
  readEnvelopeFile,
  SECRET_MESSAGE,
  splitEnvelopes,
} from './read-input';

/** How the text came to be inspected: only the Inspect button hands focus on to the verdict. */
export type InspectHow = 'button' | 'paste' | 'file';

interface InputZoneProps {
  /** Every change of the box's text (typed, pasted, a file, Clear): what was inspected no longer stands. */
  onEdit(text: string): void;
  /** The box's text to inspect, and the envelopes in it: the first, then more signed copies. */
  onInspect(text: string, envelopes: string[], how: InspectHow): void;
  /** Text handed over by the desktop shell (a file opened from the menu or dropped). */
  initial?: string;
  /** The page's handle on the box (its Ctrl+Enter presses Inspect through it). */
  ref?: Ref<InputZoneHandle>;
}

export interface InputZoneHandle {
  /** Presses Inspect: true when the box's text went to inspection (not empty, no secret, envelopes in it). */
  inspect(): boolean;
}

export function InputZone({ onEdit, onInspect, initial = '', ref }: InputZoneProps) {
  const guarded = useGuardedText(initial, onEdit);
  const { text, problem, setProblem } = guarded;
  const [over, setOver] = useState(false);

  /** Inspects `value` (or says why not, under the box); true when it went to inspection. */
  function accept(value: string, how: InspectHow, more: string[] = []): boolean {
    if (looksLikeSecret(value)) {
      guarded.refuseSecret();
      return false;
    }
    const envelopes = [...splitEnvelopes(value), ...more.flatMap(splitEnvelopes)];
    if (envelopes.length === 0) return false;
    if (envelopes.length > MAX_ENVELOPES) {
      setProblem(`At most ${MAX_ENVELOPES} copies can be merged; this holds ${envelopes.length}.`);
      return false;
    }
    setProblem(null);
    onInspect(value, envelopes, how);
    return true;
  }
  useImperativeHandle(ref, () => ({ inspect: () => text.trim().length > 0 && accept(text, 'button') }));

  const onDrop = useFileTaking(guarded, accept);

  return (
    <section
      className={`drop-zone${over ? ' over' : ''}`}
      aria-label="Transaction input"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        e.preventDefault();
        void onDrop([...e.dataTransfer.files]);
      }}
      data-testid="drop-zone"
    >
      <p>
        Drop a signed transaction file (.xdr, .txt, .json) here (or several copies signed by different signers at once),
        choose one{' '}
        <input
          type="file"
          accept={ACCEPTED_FILES}
          aria-label="Choose a transaction file"
          onChange={(e) => void onDrop([...(e.target.files ?? [])])}
        />
        , or paste it (several copies: one a line, or separated by blank lines):
      </p>
      <PasteArea guarded={guarded} onPasted={(value) => accept(value, 'paste')} />
      <div className="actions">
        <button type="button" className="primary" onClick={() => accept(text, 'button')} disabled={!text.trim()}>
          Inspect
        </button>
        <button type="button" onClick={() => guarded.change('')}>
          Clear
        </button>
      </div>
      {problem ? (
        <p role="alert" className="bad" data-testid="input-problem">
          <Untrusted text={problem} />
        </p>
      ) : null}
    </section>
  );
}

type GuardedText = ReturnType<typeof useGuardedText>;

/**
 * The box's text and the problem shown under it. Every change goes through `change`, which tells
 * the page at once; a secret key is refused, never kept in the box.
 */
function useGuardedText(initial: string, onEdit: (text: string) => void) {
  const [text, setText] = useState(() => (looksLikeSecret(initial) ? '' : initial));
  const [problem, setProblem] = useState<string | null>(() => (looksLikeSecret(initial) ? SECRET_MESSAGE : null));

  function refuseSecret() {
    setText('');
    onEdit('');
    setProblem(SECRET_MESSAGE);
  }

  /** The box now holds `value` (typed, pasted, read from a file, cleared). */
  function change(value: string) {
    if (looksLikeSecret(value)) return refuseSecret();
    setText(value);
    setProblem(null);
    onEdit(value);
  }

  return { text, problem, setProblem, refuseSecret, change };
}

/**
 * The paste area: what is typed goes through the guard, a pasted secret key never lands, and a
 * paste is inspected at once (the box's whole text), as a dropped file is.
 */
function PasteArea({ guarded, onPasted }: { guarded: GuardedText; onPasted(value: string): void }) {
  const pasting = useRef(false);
  return (
    <textarea
      value={guarded.text}
      rows={4}
      spellCheck={false}
      aria-label="Signed transaction: hex, base64 XDR, a SEP-7 URI or JSON"
      placeholder="AAAAAgAAAA… or web+stellar:tx?xdr=…"
      // A paste sets the flag and the change that follows it consumes it; any key clears one left over.
      onKeyDown={() => (pasting.current = false)}
      onChange={(e) => {
        const value = e.target.value;
        guarded.change(value);
        if (pasting.current && !looksLikeSecret(value)) onPasted(value);
        pasting.current = false;
      }}
      onPaste={(e) => {
        if (looksLikeSecret(e.clipboardData.getData('text'))) {
          e.preventDefault();
          guarded.refuseSecret();
          return;
        }
        pasting.current = true;
      }}
    />
  );
}

/** Reading chosen and dropped files: the first is shown in the box, every envelope in them is inspected. */
function useFileTaking(guarded: GuardedText, accept: (value: string, how: InspectHow, more: string[]) => void) {
  const { change, setProblem } = guarded;

  return async function takeFiles(files: File[]) {
    if (files.length === 0) return;
    // Refused before anything is read: a drop of hundreds of files is not read into memory.
    if (files.length > MAX_ENVELOPES) return setProblem(`At most ${MAX_ENVELOPES} files can be merged.`);
    try {
      const [first = '', ...more] = await Promise.all(files.map(readEnvelopeFile));
      // Refused files leave the box, and what was inspected from it, as they were.
      if (looksLikeSecret(first) || more.some(looksLikeSecret)) return setProblem(SECRET_MESSAGE);
      change(first);
      accept(first, 'file', more);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
}
