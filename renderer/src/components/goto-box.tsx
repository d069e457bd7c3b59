// The go-to box (Ctrl/Cmd+K): type or paste any id, Enter opens its view; or type an account's
// name, or the start of one in any case (shared/name-lookup.ts): Enter opens the one account it
// means, and when several answer lists them to pick from, never guessing.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { classifyId } from '../../../shared/ids';
import type { ListedLabel } from '../../../shared/labels';
import { lookupName } from '../../../shared/name-lookup';
import { showHidden } from '../../../shared/visible-text';
import { isFederationAddress, resolveFederationAddress } from '../lib/federation';
import { entityQuery, resolveId } from '../lib/entities';
import { abbreviateId } from '../../../shared/ids';
import { LabelText } from './id-link';
import { searchLabels, useLabelStore } from '../lib/labels';
import { href, navigate, type EntityKind } from '../lib/router';
import { useUi } from '../lib/store';
import { ModalBackdrop } from './modal-backdrop';

type GotoMessageState = { tone: 'bad' | 'muted'; text: string };

type GotoFormProps = { onDone?(): void; autoFocus?: boolean; networkName?: string | undefined };

export function GotoForm({ onDone, autoFocus, networkName }: GotoFormProps) {
  const client = useQueryClient();
  const networkId = useUi((state) => state.networkId);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<GotoMessageState | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = message?.text === 'Looking it up…';
  const labels = useLabelStore((state) => state.entries);
  const isId = classifyId(text).kind !== 'invalid';
  const matches = isId ? [] : searchLabels(labels, text);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  function done() {
    setMessage(null);
    setText('');
    onDone?.();
  }

  async function submit() {
    if (isFederationAddress(text)) {
      setMessage({ tone: 'muted', text: 'Looking it up…' });
      const found = await resolveFederationAddress(text, networkId);
      if (!found.ok) return setMessage({ tone: 'bad', text: found.message });
      navigate(href('account', found.answer.account));
      return done();
    }
    const named = isId ? ({ kind: 'none' } as const) : lookupName(labels, text);
    if (named.kind === 'one') {
      navigate(href('account', named.entry.account));
      return done();
    }
    if (named.kind === 'many') {
      const typed = showHidden(text.trim());
      return setMessage({
        tone: 'bad',
        text: `“${typed}” matches ${named.total} names: pick one below, or type more.`,
      });
    }
    setMessage({ tone: 'muted', text: 'Looking it up…' });
    const fetch = (kind: EntityKind, id: string) => client.fetchQuery(entityQuery(kind, id, networkId));
    const result = await resolveId(text, fetch, networkName);
    // A secret key is never kept, not even in the box.
    if (/^\s*S[A-Z2-7]{55}\s*$/i.test(text)) setText('');
    if (result.ok) {
      navigate(href(result.kind, result.id));
      done();
    } else {
      setMessage({ tone: 'bad', text: result.message });
    }
  }

  return (
    <form
      className="goto"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <GotoInput
        inputRef={inputRef}
        text={text}
        onChange={(value) => {
          setText(value);
          setMessage(null);
        }}
      />
      <button type="submit" disabled={busy}>
        Go
      </button>
      <LabelSuggestions matches={matches} onPick={done} />
      {message ? <GotoMessage message={message} /> : null}
    </form>
  );
}

/** The box itself: any id, or part of an account's label. */
function GotoInput({
  inputRef,
  text,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  onChange(value: string): void;
}) {
  return (
    <input
      ref={inputRef}
      type="text"
      value={text}
      spellCheck={false}
      autoComplete="off"
      aria-label="Go to an account, transaction, ledger, operation, claimable balance or liquidity pool, or a labelled account by name"
      placeholder="Account G…, its label or name*domain, transaction hash, ledger, operation id, balance id, pool id"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** "Looking it up…" while an id resolves, or why it did not. */
function GotoMessage({ message }: { message: GotoMessageState }) {
  return (
    <p
      className={`goto-message ${message.tone}`}
      role={message.tone === 'bad' ? 'alert' : 'status'}
      data-testid="goto-message"
    >
      {message.text}
    </p>
  );
}

/** Accounts whose label holds the typed text; a click opens one. */
function LabelSuggestions({ matches, onPick }: { matches: ListedLabel[]; onPick(): void }) {
  if (matches.length === 0) return null;
  return (
    <ul className="goto-suggestions" aria-label="Labelled accounts">
      {matches.map((entry) => (
        <li key={entry.account}>
          <a href={href('account', entry.account)} onClick={onPick}>
            <LabelText name={entry.label} /> <span className="mono muted">{abbreviateId(entry.account)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function GotoDialog({ onClose, networkName }: { onClose(): void; networkName?: string | undefined }) {
  return (
    <ModalBackdrop onClose={onClose}>
      <div className="modal goto-dialog" role="dialog" aria-modal="true" aria-label="Go to">
        <GotoForm onDone={onClose} autoFocus networkName={networkName} />
        <p className="muted small">
          Enter opens · Esc closes · 64 hex characters are tried as a transaction, then as a pool
        </p>
      </div>
    </ModalBackdrop>
  );
}
