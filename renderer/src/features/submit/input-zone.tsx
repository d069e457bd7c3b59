// A drop zone and a paste area for a signed transaction (hex, base64, SEP-7 URI or JSON).
import { useState, type DragEvent } from 'react';
import { Untrusted } from '../../components/untrusted';
import { ACCEPTED_FILES, looksLikeSecret, readEnvelopeFile, SECRET_MESSAGE } from './read-input';

interface InputZoneProps {
  onInput(text: string): void;
  /** The other files of a drop of several (more signed copies of the same transaction). */
  onMore?(texts: string[]): void;
  /** Text handed over by the desktop shell (a file opened from the menu or dropped). */
  initial?: string;
}

export function InputZone({ onInput, onMore, initial = '' }: InputZoneProps) {
  const guarded = useGuardedText(initial);
  const { text, problem, setProblem } = guarded;
  const [over, setOver] = useState(false);

  function accept(value: string) {
    if (looksLikeSecret(value)) return guarded.refuseSecret();
    setProblem(null);
    if (value.trim()) onInput(value.trim());
  }

  const { takeFile, onDrop } = useFileTaking(guarded, accept, onMore);

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
        onDrop(e);
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
          onChange={(e) => void takeFile(e.target.files?.[0])}
        />
        , or paste it:
      </p>
      <PasteArea guarded={guarded} />
      <div className="actions">
        <button type="button" className="primary" onClick={() => accept(text)} disabled={!text.trim()}>
          Inspect
        </button>
        <button
          type="button"
          onClick={() => {
            guarded.setText('');
            setProblem(null);
            onInput('');
          }}
        >
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

/** The typed text and the problem shown under it: a secret key is refused, never kept in the box. */
function useGuardedText(initial: string) {
  const [text, setText] = useState(() => (looksLikeSecret(initial) ? '' : initial));
  const [problem, setProblem] = useState<string | null>(() => (looksLikeSecret(initial) ? SECRET_MESSAGE : null));

  function refuseSecret() {
    setText('');
    setProblem(SECRET_MESSAGE);
  }

  function type(value: string) {
    if (looksLikeSecret(value)) return refuseSecret();
    setText(value);
    setProblem(null);
  }

  return { text, problem, setText, setProblem, refuseSecret, type };
}

/** The paste area: what is typed goes through the guard, and a pasted secret key never lands. */
function PasteArea({ guarded }: { guarded: GuardedText }) {
  return (
    <textarea
      value={guarded.text}
      rows={4}
      spellCheck={false}
      aria-label="Signed transaction: hex, base64 XDR, a SEP-7 URI or JSON"
      placeholder="AAAAAgAAAA… or web+stellar:tx?xdr=…"
      onChange={(e) => guarded.type(e.target.value)}
      onPaste={(e) => {
        if (looksLikeSecret(e.clipboardData.getData('text'))) {
          e.preventDefault();
          guarded.refuseSecret();
        }
      }}
    />
  );
}

/** Reading chosen and dropped files: the first becomes the input, the rest go to `onMore` as copies. */
function useFileTaking(
  guarded: GuardedText,
  accept: (value: string) => void,
  onMore: ((texts: string[]) => void) | undefined,
) {
  const { setText, setProblem } = guarded;

  async function takeFile(file: File | undefined) {
    if (!file) return;
    try {
      const content = await readEnvelopeFile(file);
      if (looksLikeSecret(content)) {
        setProblem(SECRET_MESSAGE);
        return;
      }
      setText(content);
      accept(content);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  async function takeMore(files: File[]) {
    try {
      const texts = await Promise.all(files.map(readEnvelopeFile));
      if (texts.some(looksLikeSecret)) setProblem(SECRET_MESSAGE);
      else onMore?.(texts);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    const [first, ...more] = [...event.dataTransfer.files];
    void takeFile(first).then(() => (more.length && onMore ? takeMore(more) : undefined));
  }

  return { takeFile, onDrop };
}
