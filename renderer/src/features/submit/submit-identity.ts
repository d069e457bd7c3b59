// Submit sends what is shown (issue #26): the submit action carries the identity of what was
// inspected (the box's exact text and the hash on screen) and refuses, saying why, when the box
// now holds anything else or the envelope to send has another hash. The core checks the hash
// again (tx:submit's expectedHash), so the hash sent is the hash shown.

/** What the page inspected and shows. */
export interface Shown {
  /** The box's text when it was inspected. */
  text: string;
  /** The hash in the preview (the same for every signed copy of the transaction), once it shows. */
  hash: string | undefined;
}

/** What the submit buttons would send. */
export interface ToSend {
  envelope: string;
  hash: string;
}

export const NOTHING_INSPECTED = 'Nothing to submit yet: paste or drop a signed transaction, then press Inspect.';
export const BOX_CHANGED =
  'Not sent: the box changed since it was inspected. Press Inspect to preview what it holds now, then submit.';

/** Ctrl+Enter on a box not inspected: it inspects instead of sending, and says so. */
export const INSPECTED_FIRST =
  'Not sent: Ctrl+Enter inspected the box first. Read the preview, then press Ctrl+Enter again to submit it.';
export const INSPECTED_AGAIN =
  'Not sent: the box changed since it was inspected, so Ctrl+Enter inspected what it holds now. Read the preview, then press Ctrl+Enter again to submit it.';

export const NOT_READY = 'Not yet: the preview of the envelope to send and its checks are not all on screen.';

/** Why a submission must not go out now, or null when `toSend` is what the page shows for the box's text. */
export function refusal(boxText: string, shown: Shown | null, toSend: ToSend | undefined): string | null {
  if (!shown) return boxText.trim() ? BOX_CHANGED : NOTHING_INSPECTED;
  if (boxText !== shown.text) return BOX_CHANGED;
  if (!shown.hash || !toSend) return NOT_READY;
  if (toSend.hash !== shown.hash)
    return `Not sent: the envelope to send has hash ${toSend.hash}, not the ${shown.hash} shown. Press Inspect again.`;
  return null;
}
