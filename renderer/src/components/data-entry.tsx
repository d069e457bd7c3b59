// A data entry (manage_data) as the page shows it: its value as text when its bytes are printable
// UTF-8 (decided by the app core), else as hex; the name and the text are the account's own
// words, shown isolated (<bdi>); the value as the server wrote it (base64) is one click away.
import type { OperationOf } from '../../../shared/model';
import { Fact } from './fields';
import { CopyButton } from './id-link';

type DataOp = OperationOf<'manage_data'>;

/** The value in a few words: text, hex, or the server's text when it is not base64. */
export function DataValue({ op }: { op: DataOp }) {
  if (op.value === null) return <span className="muted">(deleted)</span>;
  if (op.valueText !== undefined) return <bdi className="data-text">{op.valueText}</bdi>;
  if (op.valueHex !== undefined)
    return (
      <span className="mono wrap" title={`${op.valueHex.length / 2} bytes, not printable text`}>
        0x{op.valueHex}
      </span>
    );
  return <span className="mono wrap">{op.value}</span>;
}

export function DataEntryFacts({ op }: { op: DataOp }) {
  const read = op.valueText !== undefined || op.valueHex !== undefined;
  return (
    <section className="data-facts" aria-label="Data entry">
      <dl className="fields">
        <Fact term="Name">
          <bdi className="mono">{op.name}</bdi>
        </Fact>
        <Fact term="Value" testId="data-value">
          <DataValue op={op} />{' '}
          {op.value !== null ? (
            <span className="muted">
              {op.valueText !== undefined ? '(text)' : op.valueHex !== undefined ? '(bytes, not text)' : '(not base64)'}
            </span>
          ) : null}
        </Fact>
      </dl>
      {op.value !== null && read ? (
        <details className="raw-json" data-testid="raw-value">
          <summary>Raw value (base64, as the server wrote it)</summary>
          <span className="mono wrap">{op.value}</span> <CopyButton text={op.value} label="Copy base64" />
        </details>
      ) : null}
    </section>
  );
}
