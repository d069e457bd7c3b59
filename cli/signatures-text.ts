// Signatures and thresholds as lines a person reads on stderr (stdout keeps the JSON or the
// envelope, so pipes stay clean).
import type { MergeReport, SignatureReport } from '../shared/signatures';
import { needText } from '../shared/threshold-text';
import { abbreviateId } from '../shared/ids';

const brief = abbreviateId;

export function signatureLines(report: SignatureReport): string[] {
  const lines = [...signatureEntries(report), ...requirementEntries(report)];
  for (const reason of report.readiness.reasons) lines.push(`held back: ${reason.message}`);
  if (report.readiness.ready) lines.push(`ready to submit on ${report.networkName}`);
  return lines;
}

/** One line per signature: valid (whose, with what weight on which account), invalid or unknown. */
export function signatureEntries(report: SignatureReport): string[] {
  const lines: string[] = [];
  const fee = report.envelopeType === 'fee_bump';
  for (const s of report.signatures) {
    const where = `signature ${s.index + 1}${fee ? ` (${s.part === 'outer' ? 'fee bump' : 'inner'})` : ''}`;
    if (s.status === 'valid') {
      const weights =
        s.weights.map((w) => `weight ${w.weight} on ${brief(w.account)}`).join(', ') || 'no weight on these accounts';
      lines.push(
        `${where}: valid, ${s.signer}${s.signerType === 'sha256_hash' ? ' (hash-x)' : ''} (${weights})${s.duplicate ? ', repeated' : ''}`,
      );
    } else {
      lines.push(
        `${where}: ${s.status === 'invalid' ? 'INVALID' : 'unknown signer'} (hint ${s.hint})${s.duplicate ? ', repeated' : ''}`,
      );
    }
  }
  if (report.signatures.length === 0) lines.push('no signatures');
  return lines;
}

/** One line per account's need: met, short (and who could still sign), no account, unknown. */
export function requirementEntries(report: SignatureReport): string[] {
  const lines: string[] = [];
  for (const r of report.requirements) {
    const what = `${r.neededBy.join(', ')}: ${brief(r.account)} ${r.level}`;
    if (r.status === 'met') lines.push(`${what}: met, ${needText(r.weight, r.needed)}`);
    else if (r.status === 'short')
      lines.push(
        `${what}: SHORT by ${r.short}, ${needText(r.weight, r.needed)}${r.couldSign.length ? `; could sign: ${r.couldSign.map((c) => `${c.key} (${c.weight})`).join(', ')}` : ''}`,
      );
    else if (r.status === 'no_account') lines.push(`${what}: the account does not exist`);
    else lines.push(`${what}: unknown (the account could not be read)`);
  }
  return lines;
}

export function mergeLines(report: MergeReport): string[] {
  const dropped = report.dropped.map((d) => `dropped ${d.signer ?? `hint ${d.hint}`}: ${d.reason.replace('_', ' ')}`);
  return [
    `merged ${report.merged} envelope(s)${report.added ? ` and ${report.added} detached signature(s)` : ''}: ${report.hash}`,
    ...dropped,
    ...signatureLines(report),
  ];
}
