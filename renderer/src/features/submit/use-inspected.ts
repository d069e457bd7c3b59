// What the Submit page inspected: the box's text at the moment it was inspected and the envelopes
// in it. Any change of the box drops it at once (issue #26): nothing inspected from an earlier text
// stays on screen, is checked or is sent. A file opened from the desktop shell replaces both.
import { useRef, useState } from 'react';
import { useUi } from '../../lib/store';
import type { InspectHow } from './input-zone';
import { looksLikeSecret, splitEnvelopes } from './read-input';

export interface Inspected {
  /** The box's whole text when it was inspected. */
  text: string;
  /** The envelopes in it: the first is previewed, the others are more signed copies to merge. */
  envelopes: string[];
  /** Counts inspections: inspecting the same text again is a new inspection. */
  seq: number;
}

function fromOpened(opened: { text: string; seq: number } | null): Inspected | null {
  if (!opened || looksLikeSecret(opened.text)) return null;
  const text = opened.text.trim();
  const envelopes = splitEnvelopes(text);
  return envelopes.length ? { text, envelopes, seq: -opened.seq } : null;
}

/**
 * The box's current text (`draft`), what was inspected, and the handlers the input zone calls.
 * `onReset` runs with every change: the page drops the last result and anything it refused.
 */
export function useInspectedInput(onReset: () => void) {
  const opened = useUi((state) => state.opened);
  const [inspected, setInspected] = useState<Inspected | null>(() => fromOpened(opened));
  const [draft, setDraft] = useState(() => (opened && !looksLikeSecret(opened.text) ? opened.text.trim() : ''));
  const [seenOpened, setSeenOpened] = useState(opened?.seq ?? 0);
  const count = useRef(0);
  // Whether the box's text, since it was last empty, has been inspected: a refusal then says "changed".
  const [inspectedOnce, setInspectedOnce] = useState(() => fromOpened(opened) !== null);
  // Set by the Inspect button, taken by the submit buttons once the verdict is in.
  const wantsFocus = useRef(false);
  // A file opened while this page is showing replaces the input (state adjusted during render).
  if (opened && opened.seq !== seenOpened) {
    setSeenOpened(opened.seq);
    setInspected(fromOpened(opened));
    setInspectedOnce(fromOpened(opened) !== null);
    setDraft(looksLikeSecret(opened.text) ? '' : opened.text.trim());
  }

  return {
    opened,
    inspected,
    draft,
    /** True when the box was inspected since it was last empty, though it may have changed since. */
    inspectedOnce,
    onEdit(text: string) {
      setDraft(text);
      if (!text.trim()) setInspectedOnce(false);
      if (inspected && text !== inspected.text) setInspected(null);
      wantsFocus.current = false;
      onReset();
    },
    onInspect(text: string, envelopes: string[], how: InspectHow) {
      count.current += 1;
      setDraft(text);
      setInspected({ text, envelopes: [...new Set(envelopes)], seq: count.current });
      setInspectedOnce(true);
      wantsFocus.current = how === 'button';
      onReset();
    },
    /** True once after an Inspect press: the caller moves focus to the verdict. */
    takeFocus(): boolean {
      const wanted = wantsFocus.current;
      wantsFocus.current = false;
      return wanted;
    },
  };
}
