// Operation result codes Horizon shares between operation types, for operations that shape an
// account rather than move value: signers and options, trustlines, merges, data, sequence,
// sponsorship, claimable balances, clawback, pools and contracts.
import type { Entry } from './entry';

export const ACCOUNT_CODES: Record<string, Entry> = {
  op_too_many_signers: ['Too many signers', 'The account has the maximum of 20 signers.', 'Remove a signer first.'],
  op_bad_flags: [
    'Bad flags',
    'A flag is both set and cleared, or the flag combination is invalid.',
    'Set or clear each flag once.',
  ],
  op_invalid_inflation: [
    'Invalid inflation destination',
    'The inflation destination does not exist.',
    'Use an existing account.',
  ],
  op_cant_change: [
    'Cannot change',
    'The option cannot be changed: the account is immutable (AUTH_IMMUTABLE).',
    'Leave the option as it is.',
  ],
  op_unknown_flag: ['Unknown flag', 'A flag that does not exist was given.', 'Use only known flags.'],
  op_threshold_out_of_range: [
    'Threshold out of range',
    'A weight or threshold is above 255.',
    'Use values from 0 to 255.',
  ],
  op_bad_signer: [
    'Bad signer',
    "The signer is invalid or the account's own master key.",
    'Use another key; change the master weight with master_key_weight.',
  ],
  op_invalid_home_domain: [
    'Invalid home domain',
    'The home domain is not valid text of at most 32 characters.',
    'Use a valid domain of at most 32 characters.',
  ],
  op_auth_revocable_required: [
    'Revocable required',
    'Clawback needs AUTH_REVOCABLE set too.',
    'Set AUTH_REVOCABLE along with AUTH_CLAWBACK_ENABLED.',
  ],
  op_invalid_limit: [
    'Limit below balance',
    'The new trustline limit is below the current balance plus buying liabilities.',
    'Choose a limit at least as large as what the account holds.',
  ],
  op_self_not_allowed: [
    'Not allowed on yourself',
    'An issuer cannot hold a trustline to its own currency, nor authorise itself.',
    'Remove the operation; the issuer needs no trustline.',
  ],
  op_trust_line_missing: [
    'Trustline missing',
    'A pool-share trustline needs trustlines to both of the pool currencies.',
    'Add trustlines for both currencies first.',
  ],
  op_cannot_delete: [
    'Trustline in use',
    'The trustline cannot be removed while it holds a balance, has liabilities or is used by pool shares.',
    'Empty the balance, close offers and pool-share trustlines first.',
  ],
  op_not_aut_maintain_liabilities: [
    'Not authorised',
    'The account is only authorised to maintain liabilities for this currency.',
    'Ask the issuer for full authorisation.',
  ],
  op_not_required: [
    'Authorisation not required',
    'The issuer does not have AUTH_REQUIRED set, so trustlines need no authorisation.',
    'Remove the operation, or set AUTH_REQUIRED on the issuer first.',
  ],
  op_cant_revoke: [
    'Cannot revoke',
    'The issuer does not have AUTH_REVOCABLE set, so it cannot take authorisation back.',
    'Set AUTH_REVOCABLE on the issuer first (before trustlines are authorised).',
  ],
  op_no_account: ['Destination missing', 'The account to merge into does not exist.', 'Use an existing destination.'],
  op_immutable_set: [
    'Account immutable',
    'The account has the AUTH_IMMUTABLE flag and cannot be merged.',
    'It cannot be merged.',
  ],
  op_has_sub_entries: [
    'Has subentries',
    'The account still has trustlines, offers, signers or data.',
    'Remove every subentry first.',
  ],
  op_seq_num_too_far: [
    'Sequence too far',
    "The account's sequence number is too high to merge now (it could be reused after re-creation).",
    'Wait for later ledgers, then retry.',
  ],
  op_dest_full: [
    'Destination full',
    'The destination would exceed its maximum lumen balance.',
    'Merge into another account.',
  ],
  op_is_sponsor: [
    'Is a sponsor',
    'The account sponsors entries and cannot be merged.',
    'Release its sponsorships first.',
  ],
  op_not_time: [
    'Not time for inflation',
    'Inflation runs at most once a week, and the protocol has since removed it.',
    'Remove the operation.',
  ],
  op_not_supported_yet: ['Not supported', 'The network does not support data entries yet.', 'Remove the operation.'],
  op_data_name_not_found: ['No such entry', 'Deleting a data entry that does not exist.', 'Check the entry name.'],
  op_data_invalid_name: [
    'Invalid name',
    'The name is empty or not valid text of at most 64 bytes.',
    'Use a non-empty name of at most 64 bytes.',
  ],
  op_bad_seq: [
    'Bad bump',
    'The target sequence number is negative or out of range.',
    'Use a target between the current sequence and the maximum int64.',
  ],
  op_cannot_claim: [
    'Cannot claim',
    'The source is not a claimant, or its predicate is not satisfied now.',
    'Claim from a claimant account while its predicate holds.',
  ],
  op_trustline_frozen: ['Trustline frozen', 'A trustline involved is frozen by its issuer.', 'Contact the issuer.'],
  op_already_sponsored: [
    'Already sponsored',
    "The account's future reserves are already being sponsored in this transaction.",
    'End the first sponsorship before beginning another.',
  ],
  op_recursive: [
    'Recursive sponsorship',
    'The sponsored account is itself sponsoring, or the sponsor is sponsored, in this transaction.',
    'Do not chain sponsorships.',
  ],
  op_not_sponsored: [
    'Not sponsored',
    'end_sponsoring_future_reserves without a matching begin.',
    'Begin the sponsorship first, in the same transaction.',
  ],
  op_not_sponsor: [
    'Not the sponsor',
    'The source account does not sponsor the entry, or the entry has no sponsor to revoke.',
    "Revoke from the sponsor's account.",
  ],
  op_only_transferable: [
    'Only transferable',
    'The sponsorship cannot be removed (for example a claimable balance), only moved to another sponsor.',
    'Transfer it: begin a sponsorship by the new sponsor, then revoke.',
  ],
  op_not_clawback_enabled: [
    'Clawback not enabled',
    'The trustline or claimable balance does not have clawback enabled.',
    'Only entries created after the issuer set AUTH_CLAWBACK_ENABLED can be clawed back.',
  ],
  op_invalid_state: [
    'Invalid flag state',
    'The flags asked for are not a valid trustline state (authorised and maintain-liabilities together).',
    'Set one authorisation state at a time.',
  ],
  op_bad_price: [
    'Price out of range',
    "The pool's price is outside the given minimum and maximum.",
    'Widen the price bounds or retry when the price is in range.',
  ],
  op_pool_full: ['Pool full', "The pool's reserves would overflow.", 'Deposit a smaller amount.'],
  op_under_minimum: [
    'Below minimum',
    'The reserves received would be below the given minimums.',
    'Lower the minimums or retry when the pool moves.',
  ],
  function_trapped: [
    'Contract call failed',
    'The contract function ran and failed (it panicked, returned an error, or an authorisation it needed was missing).',
    "Read the transaction's diagnostic events for the contract's error, then fix the arguments or authorisation.",
  ],
  resource_limit_exceeded: [
    'Contract resources exceeded',
    'The operation used more CPU, memory, ledger reads/writes or bytes than the transaction declared.',
    'Simulate the transaction again and use the resources it reports, with some margin.',
  ],
  entry_archived: [
    'Contract state archived',
    'A ledger entry the operation needs has expired and was archived.',
    'Restore the entry (restore_footprint) and submit again.',
  ],
  insufficient_refundable_fee: [
    'Refundable fee too low',
    'The refundable part of the fee does not cover the rent and events of the operation.',
    'Simulate again and raise the resource fee to what it reports.',
  ],
};
