// Every id, hash and account is a link to its view with a copy button next to it.
import { looksLikeId } from '../../../shared/ids';
import { showHidden } from '../../../shared/visible-text';
import { href, type EntityKind } from '../lib/router';
import { useLabel } from '../lib/labels';
import { IdText } from './id-text';
import { LabelButton } from './label-dialog';
import { Untrusted } from './untrusted';

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
  /** Show the whole id (cut in the middle only when its box is too narrow) instead of its head and tail. */
  full?: boolean;
  /** Show the whole id in groups of four characters, where ids are compared by eye. */
  grouped?: boolean;
  /** Links inside table rows leave Tab to the table (j/k and Enter drive it). */
  inRow?: boolean;
  /** Text shown instead of the id (the app's own words, e.g. "open ledger"). */
  label?: string;
  /** The account whose view this is: in a narrow cell its id gives way before the others. */
  self?: boolean;
}

export function IdLink({ kind, id, full, grouped, inRow, label, self }: IdLinkProps) {
  // An account's name from the address book comes first; the id stays in the title and the copy.
  const name = useLabel(kind === 'account' ? id : undefined);
  const title = name ? `${showHidden(name)} (${id})` : id;
  return (
    <span className={self ? 'id self' : 'id'}>
      <a
        href={href(kind, id)}
        className={name ? 'labelled' : 'mono'}
        title={title}
        tabIndex={inRow ? -1 : undefined}
        data-kind={kind}
        // The id's head and tail are separate boxes, which would put a space in the link's name.
        aria-label={name || label !== undefined ? undefined : id}
      >
        {name ? (
          <LabelText name={name} />
        ) : (
          (label ?? <IdText id={id} form={grouped ? 'grouped' : full ? 'full' : 'abbreviated'} />)
        )}
      </a>
      <CopyButton text={id} inRow={inRow} />
      {/* In a table row the rename button would cost every Details cell its width at 1024 px: the
          account's page and the drawer have it. */}
      {kind === 'account' && !inRow ? <LabelButton account={id} /> : null}
    </span>
  );
}

/**
 * An address book label in place of an id: isolated, its hidden characters marked, and, when it
 * was stored before labels could not look like ids, quoted and marked so it is not read as one.
 */
export function LabelText({ name }: { name: string }) {
  return looksLikeId(name) ? (
    <span className="label-idlike" title="A name from your address book that looks like an id">
      “<Untrusted text={name} />”
    </span>
  ) : (
    <Untrusted text={name} />
  );
}
