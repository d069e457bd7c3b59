// Every id, hash and account is a link to its view with a copy button next to it.
import { href, type EntityKind } from '../lib/router';
import { shortId } from '../lib/format';
import { useLabel } from '../lib/labels';
import { LabelButton } from './label-dialog';

/**
 * A copy button without React state (tables render hundreds of them while scrolling): the icon is
 * CSS, and a copied button flashes a class for a moment.
 */
export function CopyButton({ text, label = 'Copy', inRow = false }: { text: string; label?: string; inRow?: boolean }) {
  return (
    <button
      type="button"
      className="copy"
      title={`${label}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`}
      aria-label={`${label} ${text.length > 80 ? '' : text}`.trim()}
      // A real button in Tab order (focus ring from :focus-visible); inside table rows j/k and
      // Enter drive the table, so there it stays out of Tab order like the row's links.
      tabIndex={inRow ? -1 : undefined}
      onClick={(event) => {
        event.stopPropagation();
        const button = event.currentTarget;
        void copyText(text).then((ok) => {
          if (!ok) return;
          button.classList.add('copied');
          window.setTimeout(() => button.classList.remove('copied'), 1200);
        });
      }}
    />
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (or over plain http) fall back to a hidden selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand?.('copy') ?? false;
    area.remove();
    return ok;
  }
}

export interface IdLinkProps {
  kind: EntityKind;
  id: string;
  /** Show the whole id instead of its head and tail. */
  full?: boolean;
  /** Links inside table rows leave Tab to the table (j/k and Enter drive it). */
  inRow?: boolean;
  label?: string;
}

export function IdLink({ kind, id, full, inRow, label }: IdLinkProps) {
  // An account's name from the address book comes first; the id stays in the title and the copy.
  const name = useLabel(kind === 'account' ? id : undefined);
  const shown =
    name ??
    label ??
    (full
      ? id
      : kind === 'cb' && id.length === 72
        ? shortId(id.slice(8))
        : shortId(id, kind === 'op' || kind === 'ledger' ? 20 : 6));
  return (
    <span className="id">
      <a
        href={href(kind, id)}
        className={name ? 'labelled' : 'mono'}
        title={name ? `${name} (${id})` : id}
        tabIndex={inRow ? -1 : undefined}
        data-kind={kind}
      >
        {shown}
      </a>
      <CopyButton text={id} inRow={inRow} />
      {kind === 'account' ? <LabelButton account={id} inRow={inRow} /> : null}
    </span>
  );
}
