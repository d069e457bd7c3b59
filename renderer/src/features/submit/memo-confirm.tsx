// SEP-29 before Submit: each destination that requires a memo the transaction lacks is named, and
// nothing is sent until the person ticks that they send it without one (the preview flags the
// operations; core/conventions/memo-required.ts is the rule).
import { useState } from 'react';
import type { Inspection } from '../../../../shared/model';
import { abbreviateId } from '../../../../shared/ids';
import { federationMemoFindings, useFederationStore } from '../../lib/federation';
import { useUi } from '../../lib/store';

/**
 * The accounts, each once, that require a memo this transaction lacks: by their data entry
 * (SEP-29), or by the federation record they were reached by (SEP-2, `federation`).
 */
export function memoRequiredAccounts(
  inspection: Inspection | null | undefined,
  federation: ReadonlyMap<number, { account: string }> = new Map(),
): string[] {
  const accounts = (inspection?.operations ?? []).flatMap((op) =>
    op.memoCheck?.status === 'required' ? [op.memoCheck.account] : [],
  );
  return [...new Set([...accounts, ...[...federation.values()].map((f) => f.account)])];
}

/**
 * The accounts to confirm, whether they are, and why a press sends nothing until then. A tick
 * holds for the hash it was given for: another transaction asks again.
 */
export function useMemoConfirmation(preview: Inspection | null | undefined) {
  const networkId = useUi((state) => state.networkId);
  const reached = useFederationStore((state) => state.reached);
  const federation = preview
    ? federationMemoFindings(preview, (account) => reached[`${networkId ?? ''} ${account}`])
    : new Map<number, { account: string; message: string }>();
  const accounts = memoRequiredAccounts(preview, federation);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const confirmed =
    accounts.length === 0 || (preview !== null && preview !== undefined && confirmedFor === preview.hash);
  const names = accounts.map(abbreviateId).join(', ');
  return {
    accounts,
    federation,
    confirmed,
    onConfirm: (value: boolean) => setConfirmedFor(value ? (preview?.hash ?? null) : null),
    refusal: confirmed
      ? null
      : `Not sent: ${names} ${accounts.length === 1 ? 'requires' : 'require'} a memo (SEP-29). Tick "Send it to ${names} without a memo" to send it anyway.`,
  };
}

export function MemoConfirm({
  accounts,
  confirmed,
  onConfirm,
}: {
  accounts: string[];
  confirmed: boolean;
  onConfirm(value: boolean): void;
}) {
  if (accounts.length === 0) return null;
  const names = accounts.map(abbreviateId).join(', ');
  return (
    <div className="banner warn memo-confirm" role="group" aria-label="Memo required" data-testid="memo-confirm">
      <p>
        {accounts.length === 1 ? `${names} requires a memo` : `${names} require a memo`} (SEP-29) and this transaction
        has none: an exchange may not credit it.
      </p>
      <label>
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} /> Send it to {names}{' '}
        without a memo
      </label>
    </div>
  );
}
