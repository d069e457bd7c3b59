// More signed copies of the same transaction (each signed by other signers), dropped as files or
// pasted (several: one a line, or separated by blank lines), and detached signatures (a public key
// and a base64 signature made elsewhere). Secret keys are refused here before anything leaves the page.
import { useState, type DragEvent, type FormEvent } from 'react';
import type { DetachedSignature } from '../../../../shared/signatures';
import { looksLikeSecret, MAX_ENVELOPES, readEnvelopeFile, SECRET_MESSAGE, splitEnvelopes } from './read-input';

/** Copies besides the inspected envelope. */
export const MAX_COPIES = MAX_ENVELOPES - 1;

interface CopiesZoneProps {
  copies: string[];
  onCopies(next: string[]): void;
  onDetached(signature: DetachedSignature): void;
}

export function CopiesZone({ copies, onCopies, onDetached }: CopiesZoneProps) {
  const [problem, setProblem] = useState<string | null>(null);

  function add(found: string[]) {
    if (found.some(looksLikeSecret)) {
      setProblem(SECRET_MESSAGE);
      return;
    }
    const next = [...copies, ...found.filter((f) => !copies.includes(f))];
    if (next.length > MAX_COPIES) {
      setProblem(`At most ${MAX_COPIES + 1} copies can be merged.`);
      return;
    }
    setProblem(null);
    onCopies(next);
  }

  async function onDrop(event: DragEvent) {
    event.preventDefault();
    try {
      add((await Promise.all([...event.dataTransfer.files].map(readEnvelopeFile))).flatMap(splitEnvelopes));
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <section
      className="card copies"
      aria-label="Other signed copies"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => void onDrop(e)}
      data-testid="copies-zone"
    >
      <h3>
        Other signatures{' '}
        <span className="muted small">
          {copies.length} more cop{copies.length === 1 ? 'y' : 'ies'}
        </span>
      </h3>
      <p className="muted small">
        Drop or paste copies of the same transaction signed by other signers (several: one a line, or separated by blank
        lines). They are merged into one envelope.
      </p>
      <PastedCopies hasCopies={copies.length > 0} onAdd={add} onRemoveAll={() => onCopies([])} onProblem={setProblem} />
      <DetachedSignatureForm onDetached={onDetached} onProblem={setProblem} />
      {problem ? (
        <p className="bad" role="alert" data-testid="copies-problem">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

interface PastedCopiesProps {
  hasCopies: boolean;
  /** The envelopes found in the pasted text. */
  onAdd(found: string[]): void;
  onRemoveAll(): void;
  onProblem(problem: string): void;
}

/** Copies pasted as text (a secret key is dropped as soon as it is typed), "Add copies" and "Remove copies". */
function PastedCopies({ hasCopies, onAdd, onRemoveAll, onProblem }: PastedCopiesProps) {
  const [text, setText] = useState('');
  return (
    <>
      <textarea
        value={text}
        rows={3}
        spellCheck={false}
        aria-label="Other signed copies"
        onChange={(e) =>
          looksLikeSecret(e.target.value) ? (setText(''), onProblem(SECRET_MESSAGE)) : setText(e.target.value)
        }
      />
      <div className="actions">
        <button
          type="button"
          disabled={!text.trim()}
          onClick={() => {
            onAdd(splitEnvelopes(text));
            setText('');
          }}
        >
          Add copies
        </button>
        {hasCopies ? (
          <button type="button" onClick={onRemoveAll}>
            Remove copies
          </button>
        ) : null}
      </div>
    </>
  );
}

/** A signature made elsewhere: the signer's public key and the base64 signature, checked for shape (and for secrets). */
function DetachedSignatureForm({
  onDetached,
  onProblem,
}: {
  onDetached(signature: DetachedSignature): void;
  onProblem(problem: string | null): void;
}) {
  const [publicKey, setPublicKey] = useState('');
  const [signature, setSignature] = useState('');

  function addDetached(event: FormEvent) {
    event.preventDefault();
    if (looksLikeSecret(publicKey) || looksLikeSecret(signature)) {
      setPublicKey('');
      setSignature('');
      onProblem(SECRET_MESSAGE);
      return;
    }
    if (!/^G[A-Z2-7]{55}$/.test(publicKey.trim())) return onProblem('The public key is a G… key of 56 characters.');
    if (!/^[A-Za-z0-9+/]{86}==$/.test(signature.trim()))
      return onProblem('The signature is 64 bytes in base64 (88 characters ending in "==").');
    onProblem(null);
    onDetached({ publicKey: publicKey.trim(), signature: signature.trim() });
    setPublicKey('');
    setSignature('');
  }

  return (
    <form className="detached" aria-label="Add detached signature" onSubmit={addDetached}>
      <input
        aria-label="Signer public key"
        placeholder="G…"
        value={publicKey}
        spellCheck={false}
        onChange={(e) => setPublicKey(e.target.value)}
      />
      <input
        aria-label="Signature (base64)"
        placeholder="base64 signature"
        value={signature}
        spellCheck={false}
        onChange={(e) => setSignature(e.target.value)}
      />
      <button type="submit" disabled={!publicKey || !signature}>
        Add detached signature
      </button>
    </form>
  );
}
