// Untrusted text (labels, memos, home domains, asset codes, data values, file names) as the page
// shows it: isolated from the text around it (<bdi>), so that a right-to-left run cannot reorder
// its neighbours, and with every invisible, direction-changing or control character drawn as a
// marked code point ("⟨U+202E⟩", its name on hover) instead of acting on the text.
import { codePointLabel, codePointName, visibleParts } from '../../../shared/visible-text';

export function Untrusted({ text, className }: { text: string; className?: string | undefined }) {
  const parts = visibleParts(text);
  return (
    <bdi className={className ? `untrusted ${className}` : 'untrusted'}>
      {parts.map((part, i) =>
        'hidden' in part ? (
          <span
            key={i}
            className="ctl"
            title={codePointName(part.hidden)}
            data-code-point={codePointLabel(part.hidden)}
          >
            {`⟨${codePointLabel(part.hidden)}⟩`}
          </span>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
