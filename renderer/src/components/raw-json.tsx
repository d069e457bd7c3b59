import { prettyRaw } from '../lib/format';
import { CopyButton } from './id-link';

/** The resource exactly as the server wrote it, folded away until asked for. */
export function RawJson({ raw, label = 'Raw JSON' }: { raw: string; label?: string }) {
  return (
    <details className="raw-json">
      <summary>
        {label} <CopyButton text={raw} label={`Copy ${label}`} />
      </summary>
      <RawText raw={raw} />
    </details>
  );
}

/** The text laid out for reading; what is copied stays the server's exact text. */
export function RawText({ raw }: { raw: string }) {
  return <pre className="raw">{prettyRaw(raw)}</pre>;
}
