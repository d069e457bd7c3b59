// `ledgerscope inspect` for a person: the verdict first — network, source, sequence, fee,
// operations, signatures, thresholds, readiness — then the hash, memo, time bounds and warnings.
// (`--format json` prints the whole inspection as JSON instead.) Text from the envelope (memos,
// asset codes in summaries) is shown on one line with control, invisible and direction-changing
// characters escaped, so it cannot rewrite the terminal or disguise itself.
import { stroopsToNative } from '../shared/amount';
import type { Inspection } from '../shared/model';
import type { SignatureReport } from '../shared/signatures';
import { requirementEntries, signatureEntries } from './signatures-text';

/** Untrusted text on one line, at most `max` characters; hidden characters as \u{…}. */
export function oneLine(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

const fee = (stroops: string) => `${stroopsToNative(stroops)} XLM (${stroops} stroops)`;

function networkLine(report: SignatureReport): string {
  return report.networkId
    ? `${report.networkName} (the signatures verify for it)`
    : `${report.networkName} (no signature verifies for a known network: the selected one is assumed)`;
}

function feeLine(inspection: Inspection): string {
  const inner = inspection.innerFee ? `; the inner transaction's ${fee(inspection.innerFee)}` : '';
  return `at most ${fee(inspection.fee)}${inner}`;
}

function sequenceLine(inspection: Inspection): string {
  const check = inspection.sequenceCheck;
  return `${inspection.sequence}: ${check.status}, ${check.current ? `the account is at ${check.current}; ` : ''}${oneLine(check.message)}`;
}

function signaturesLine(report: SignatureReport): string {
  const valid = report.signatures.filter((s) => s.status === 'valid').length;
  return `${valid} of ${report.signatures.length} valid`;
}

function thresholdsLine(report: SignatureReport): string {
  const met = report.requirements.filter((r) => r.status === 'met').length;
  return report.requirements.length ? `${met} of ${report.requirements.length} met` : 'none to meet';
}

function timeText(seconds: string): string {
  const ms = Number(seconds) * 1000;
  return Number.isSafeInteger(ms) && ms <= 8.64e15 ? new Date(ms).toISOString() : seconds;
}

function timeBounds({ minTime, maxTime }: { minTime: string; maxTime: string }): string {
  const parts = [
    minTime === '0' ? '' : `from ${timeText(minTime)}`,
    maxTime === '0' ? '' : `until ${timeText(maxTime)}`,
  ];
  return parts.filter(Boolean).join(' ') || 'any time';
}

function detailLines(inspection: Inspection): string[] {
  const bounds = inspection.timeBounds;
  const memo = inspection.memo;
  return [
    `hash:        ${inspection.hash}`,
    `memo:        ${memo.type === 'none' ? 'none' : `${memo.type} ${JSON.stringify(oneLine(memo.value ?? ''))}`}`,
    `time bounds: ${bounds ? timeBounds(bounds) : 'none'}`,
    ...inspection.warnings.map((warning) => `warning: ${oneLine(warning, 500)}`),
  ];
}

/** The lines of `inspect`'s answer, the verdict first. */
export function inspectLines(inspection: Inspection, report: SignatureReport): string[] {
  const indent = (line: string) => `  ${line}`;
  const readiness = report.readiness;
  return [
    `network:     ${networkLine(report)}`,
    `source:      ${inspection.source}${inspection.feeSource ? ` (fee paid by ${inspection.feeSource})` : ''}`,
    `sequence:    ${sequenceLine(inspection)}`,
    `fee:         ${feeLine(inspection)}`,
    `operations:  ${inspection.operations.length}`,
    ...inspection.operations.flatMap((op) => [
      indent(`${op.index + 1}. ${oneLine(op.summary)}${op.source ? ` (source ${op.source})` : ''}`),
      ...(op.memoCheck
        ? [
            indent(
              `   ${op.memoCheck.status === 'required' ? 'warning' : 'note'}: ${oneLine(op.memoCheck.message, 500)}`,
            ),
          ]
        : []),
    ]),
    `signatures:  ${signaturesLine(report)}`,
    ...signatureEntries(report).map(indent),
    `thresholds:  ${thresholdsLine(report)}`,
    ...requirementEntries(report).map(indent),
    `readiness:   ${readiness.ready ? `ready to submit on ${report.networkName}` : 'held back'}`,
    ...readiness.reasons.map((reason) => indent(`- ${oneLine(reason.message, 500)}`)),
    ...detailLines(inspection),
  ];
}
