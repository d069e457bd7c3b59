// Who a transaction's operations belong to, by Horizon's participant rule (its operations
// processor's Participants, which the local service's operation scopes apply too:
// network/validator/apply.ts scopesOf), read from the envelope, each operation's entry changes and
// the accounts its SAC events name; and whether an entry change is one account's balance.
import { StrKey, type xdr } from '@stellar/stellar-base';
import { entryOf } from './entry-balances';
import { innerOf } from './horizon-operations';

export const base = (muxed: xdr.MuxedAccount): string =>
  StrKey.encodeEd25519PublicKey(
    muxed.switch().name === 'keyTypeEd25519' ? muxed.ed25519() : muxed.med25519().ed25519(),
  );
const accountId = (id: xdr.AccountId): string => StrKey.encodeEd25519PublicKey(id.ed25519());

/**
 * Horizon's participants of each operation of a transaction (its operations processor's
 * Participants): see the file's head. `changes` and `events` are each operation's (empty when the
 * transaction failed).
 */
export function operationParticipants(
  envelope: xdr.TransactionEnvelope,
  changes: readonly (readonly xdr.LedgerEntryChange[])[],
  eventAccounts: readonly (readonly string[])[],
): Set<string>[] {
  const { source: txSource, operations } = innerOf(envelope);
  const sources = operations.map((op) => base(op.sourceAccount() ?? txSource));
  return operations.map((op, index) => {
    const found = [sources[index]!];
    const body = op.body();
    switch (body.switch().name) {
      case 'createAccount':
        found.push(accountId(body.createAccountOp().destination()));
        break;
      case 'payment':
        found.push(base(body.paymentOp().destination()));
        break;
      case 'pathPaymentStrictReceive':
        found.push(base(body.pathPaymentStrictReceiveOp().destination()));
        break;
      case 'pathPaymentStrictSend':
        found.push(base(body.pathPaymentStrictSendOp().destination()));
        break;
      case 'allowTrust':
        found.push(accountId(body.allowTrustOp().trustor()));
        break;
      case 'accountMerge':
        found.push(base(body.destination()));
        break;
      case 'createClaimableBalance':
        for (const claimant of body.createClaimableBalanceOp().claimants())
          found.push(accountId(claimant.v0().destination()));
        break;
      case 'beginSponsoringFutureReserves':
        found.push(accountId(body.beginSponsoringFutureReservesOp().sponsoredId()));
        break;
      case 'endSponsoringFutureReserves': {
        // The sponsor: the source of the last begin before it that sponsored this operation's source.
        for (let i = index - 1; i >= 0; i--) {
          const before = operations[i]!.body();
          if (
            before.switch().name === 'beginSponsoringFutureReserves' &&
            accountId(before.beginSponsoringFutureReservesOp().sponsoredId()) === sources[index]
          ) {
            found.push(sources[i]!);
            break;
          }
        }
        break;
      }
      case 'clawback':
        found.push(base(body.clawbackOp().from()));
        break;
      case 'setTrustLineFlags':
        found.push(accountId(body.setTrustLineFlagsOp().trustor()));
        break;
      case 'invokeHostFunction':
        found.push(...(eventAccounts[index] ?? []));
        break;
      default:
        break;
    }
    // The sponsor of an entry the operation created (Horizon's getSponsor).
    for (const change of changes[index] ?? []) {
      if (change.switch().name !== 'ledgerEntryCreated') continue;
      const ext = change.created().ext();
      if (ext.switch() === 1) {
        const sponsor = ext.v1().sponsoringId();
        if (sponsor) found.push(accountId(sponsor));
      }
    }
    return new Set(found);
  });
}

export /** Is the change's entry an account or trust line of the account whose key is `key` (raw bytes)? Read before any StrKey is written, which is most of the cost. */
function holderIs(change: xdr.LedgerEntryChange, key: Buffer): boolean {
  const kind = change.switch().name;
  if (kind === 'ledgerEntryRemoved') {
    const removed = change.removed();
    const name = removed.switch().name;
    if (name === 'account') return key.equals(removed.account().accountId().ed25519());
    if (name === 'trustline') return key.equals(removed.trustLine().accountId().ed25519());
    return false;
  }
  const entry = entryOf(change);
  if (!entry) return false;
  const data = entry.data();
  const name = data.switch().name;
  if (name === 'account') return key.equals(data.account().accountId().ed25519());
  if (name === 'trustline') return key.equals(data.trustLine().accountId().ed25519());
  return false;
}
