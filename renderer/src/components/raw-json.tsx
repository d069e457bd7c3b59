import { prettyRaw } from '../lib/format';
import { CopyButton } from './id-link';

/** The resource exactly as the server wrote it, folded away until asked for. */
export function RawJson({ raw, label = 'Raw JSON' }: { raw: string; label?: string }) {
  return (
    <details className="raw-json">
      <summary>
        {label} <CopyButton text={raw} label={`Copy ${label}`} />
      </summary>
      <pre className="raw">{prettyRaw(raw)}</pre>
    </details>
  );
}
