// Submit, or, when the checks say the network would refuse it, the reason and "Submit anyway".
// After an Inspect press, focus moves to the first thing to decide once the verdict is in: the
// held-back reason (focusable, announced as unavailable), else the submit button.
import { useEffect, useRef } from 'react';

interface SubmitButtonsProps {
  pending: boolean;
  checking: boolean;
  label: string;
  heldBack: string[];
  onSubmit(): void;
  /** True once after an Inspect press: the verdict takes focus. */
  takeFocus(): boolean;
}

export function SubmitButtons({ pending, checking, label, heldBack, onSubmit, takeFocus }: SubmitButtonsProps) {
  const target = useRef<HTMLButtonElement>(null);
  const verdict = pending || checking ? null : heldBack.length ? 'held back' : 'ready';
  useEffect(() => {
    if (verdict && takeFocus()) target.current?.focus();
  }, [verdict, takeFocus]);

  if (!verdict)
    return (
      <div className="actions">
        <button type="button" className="primary" disabled>
          {pending ? 'Submitting…' : 'Checking signatures…'}
        </button>
      </div>
    );
  if (verdict === 'ready')
    return (
      <div className="actions">
        <button type="button" className="primary" ref={target} onClick={onSubmit}>
          {label}
        </button>
        <span className="muted small">
          or <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>Enter</kbd>
        </span>
      </div>
    );
  return (
    <div className="actions">
      {/* aria-disabled rather than disabled: it stays focusable, so the reason can be read and Tab goes on to "Submit anyway". */}
      <button
        type="button"
        className="primary"
        aria-disabled="true"
        ref={target}
        title={heldBack.join('\n')}
        data-testid="held-back"
      >
        Held back: {heldBack[0]}
      </button>
      <button type="button" onClick={onSubmit}>
        Submit anyway
      </button>
    </div>
  );
}
