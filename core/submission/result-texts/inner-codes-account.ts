// Type-qualified texts for when the operation type is known, of operations that shape an account:
// trustlines, claimable balances, pools, data, merges, sequence bumps and options.
import type { Entry } from './entry';

export const ACCOUNT_INNER_CODES: Record<string, Entry> = {
  change_trust_success: ['Trustline changed', 'The trustline was created, changed or removed.', 'Nothing to do.'],
  change_trust_malformed: [
    'Malformed change_trust',
    'The currency or limit is invalid (for example a negative limit).',
    'Use a valid currency and a non-negative limit.',
  ],
  change_trust_no_issuer: [
    'Issuer missing',
    'The issuer of the currency does not exist.',
    'Check the issuer account id.',
  ],
  change_trust_invalid_limit: [
    'Limit below balance',
    'The new limit is below the current balance plus buying liabilities.',
    'Choose a limit at least as large as what the account holds.',
  ],
  change_trust_low_reserve: [
    'Not enough reserve',
    'A new trustline raises the reserve and the account cannot cover it.',
    'Fund the account before adding the trustline.',
  ],
  change_trust_self_not_allowed: [
    'Trusting yourself',
    'An issuer cannot hold a trustline to its own currency.',
    'Remove the operation; the issuer needs no trustline.',
  ],
  change_trust_trust_line_missing: [
    'Trustline missing',
    'A pool-share trustline needs trustlines to both of the pool currencies.',
    'Add trustlines for both currencies first.',
  ],
  change_trust_cannot_delete: [
    'Trustline in use',
    'The trustline cannot be removed while it holds a balance or is used by pool shares.',
    'Empty the balance (and pool-share trustlines) first.',
  ],
  change_trust_not_auth_maintain_liabilities: [
    'Not authorised',
    'The account is only authorised to maintain liabilities for this currency.',
    'Ask the issuer for full authorisation.',
  ],
  create_claimable_balance_success: ['Balance created', 'The claimable balance was created.', 'Nothing to do.'],
  create_claimable_balance_malformed: [
    'Malformed claimable balance',
    'The amount, currency or claimants are invalid (duplicate or no claimants, bad predicate).',
    'Use a positive amount and distinct claimants with valid predicates.',
  ],
  create_claimable_balance_low_reserve: [
    'Not enough reserve',
    'The sponsor cannot cover the reserve of the new entry.',
    'Fund the source account first.',
  ],
  create_claimable_balance_no_trust: [
    'No trustline',
    'The source has no trustline for the currency.',
    'Add a trustline for the currency first.',
  ],
  create_claimable_balance_not_authorized: [
    'Not authorised',
    'The issuer has not authorised the source for this currency.',
    'Ask the issuer to authorise the source.',
  ],
  create_claimable_balance_underfunded: [
    'Not enough funds',
    'The source does not hold the amount.',
    'Lower the amount or fund the source.',
  ],
  claim_claimable_balance_success: ['Balance claimed', 'The claimable balance was paid out.', 'Nothing to do.'],
  claim_claimable_balance_does_not_exist: [
    'No such balance',
    'The claimable balance does not exist (already claimed, or wrong id).',
    'Check the balance id.',
  ],
  claim_claimable_balance_cannot_claim: [
    'Cannot claim',
    'The source is not a claimant, or its predicate is not satisfied now.',
    'Claim from a claimant account while its predicate holds.',
  ],
  claim_claimable_balance_line_full: [
    'Limit reached',
    "Claiming would exceed the claimant's trustline limit.",
    'Raise the trustline limit first.',
  ],
  claim_claimable_balance_no_trust: [
    'No trustline',
    'The claimant has no trustline for the currency.',
    'Add a trustline for the currency first.',
  ],
  claim_claimable_balance_not_authorized: [
    'Not authorised',
    'The issuer has not authorised the claimant.',
    'Ask the issuer to authorise the claimant.',
  ],
  claim_claimable_balance_trustline_frozen: [
    'Trustline frozen',
    "The claimant's trustline is frozen.",
    'Contact the issuer.',
  ],
  liquidity_pool_deposit_success: ['Deposited', 'The reserves were deposited and shares issued.', 'Nothing to do.'],
  liquidity_pool_deposit_malformed: [
    'Malformed deposit',
    'Amounts or price bounds are invalid.',
    'Use positive maximum amounts and a valid price range.',
  ],
  liquidity_pool_deposit_no_trust: [
    'No trustline',
    'The depositor lacks a trustline to the pool shares or to a reserve currency.',
    'Add the missing trustlines first.',
  ],
  liquidity_pool_deposit_not_authorized: [
    'Not authorised',
    'The depositor is not authorised for a reserve currency.',
    'Ask the issuer to authorise the account.',
  ],
  liquidity_pool_deposit_underfunded: [
    'Not enough funds',
    'The depositor does not hold the reserves it offers.',
    'Deposit less or fund the account.',
  ],
  liquidity_pool_deposit_line_full: [
    'Share limit reached',
    'The received shares would exceed the pool-share trustline limit.',
    'Raise the pool-share trustline limit.',
  ],
  liquidity_pool_deposit_bad_price: [
    'Price out of range',
    "The pool's price is outside the given minimum and maximum.",
    'Widen the price bounds or retry when the price is in range.',
  ],
  liquidity_pool_deposit_pool_full: ['Pool full', "The pool's reserves would overflow.", 'Deposit a smaller amount.'],
  liquidity_pool_deposit_trustline_frozen: [
    'Trustline frozen',
    'A trustline involved is frozen.',
    'Contact the issuer.',
  ],
  liquidity_pool_withdraw_success: ['Withdrawn', 'The shares were redeemed for reserves.', 'Nothing to do.'],
  liquidity_pool_withdraw_malformed: [
    'Malformed withdrawal',
    'The share amount or minimums are invalid.',
    'Use a positive share amount and non-negative minimums.',
  ],
  liquidity_pool_withdraw_no_trust: [
    'No trustline',
    'The account lacks a trustline to the pool shares or a reserve currency.',
    'Add the missing trustline first.',
  ],
  liquidity_pool_withdraw_underfunded: [
    'Not enough shares',
    'The account holds fewer pool shares than it redeems.',
    'Withdraw fewer shares.',
  ],
  liquidity_pool_withdraw_line_full: [
    'Limit reached',
    'A received reserve would exceed its trustline limit.',
    'Raise the trustline limit.',
  ],
  liquidity_pool_withdraw_under_minimum: [
    'Below minimum',
    'The reserves received would be below the given minimums.',
    'Lower the minimums or retry when the pool moves.',
  ],
  liquidity_pool_withdraw_trustline_frozen: [
    'Trustline frozen',
    'A trustline involved is frozen.',
    'Contact the issuer.',
  ],
  manage_data_success: ['Data set', 'The data entry was set or deleted.', 'Nothing to do.'],
  manage_data_not_supported_yet: [
    'Not supported',
    'The network does not support data entries yet.',
    'Remove the operation.',
  ],
  manage_data_name_not_found: ['No such entry', 'Deleting a data entry that does not exist.', 'Check the entry name.'],
  manage_data_low_reserve: [
    'Not enough reserve',
    'A new data entry raises the reserve and the account cannot cover it.',
    'Fund the account first.',
  ],
  manage_data_invalid_name: [
    'Invalid name',
    'The name is empty or not valid text of at most 64 bytes.',
    'Use a non-empty name of at most 64 bytes.',
  ],
  account_merge_success: ['Merged', 'The account was merged and its lumens moved.', 'Nothing to do.'],
  account_merge_malformed: [
    'Malformed merge',
    'An account cannot be merged into itself.',
    'Choose another destination.',
  ],
  account_merge_no_account: [
    'Destination missing',
    'The destination account does not exist.',
    'Use an existing destination.',
  ],
  account_merge_immutable_set: [
    'Account immutable',
    'The account has the AUTH_IMMUTABLE flag and cannot be merged.',
    'It cannot be merged.',
  ],
  account_merge_has_sub_entries: [
    'Has subentries',
    'The account still has trustlines, offers, signers or data.',
    'Remove every subentry first.',
  ],
  account_merge_seqnum_too_far: [
    'Sequence too far',
    "The account's sequence number is too high to merge now.",
    'Wait for later ledgers, then retry.',
  ],
  account_merge_dest_full: [
    'Destination full',
    'The destination would exceed its maximum lumen balance.',
    'Merge into another account.',
  ],
  account_merge_is_sponsor: [
    'Is a sponsor',
    'The account sponsors entries and cannot be merged.',
    'Release its sponsorships first.',
  ],
  bump_sequence_success: ['Sequence bumped', 'The sequence number was raised.', 'Nothing to do.'],
  bump_sequence_bad_seq: [
    'Bad bump',
    'The target sequence number is negative or out of range.',
    'Use a target between the current sequence and the maximum int64.',
  ],
  set_options_success: ['Options set', 'The account options were changed.', 'Nothing to do.'],
  set_options_low_reserve: [
    'Not enough reserve',
    'A new signer raises the reserve and the account cannot cover it.',
    'Fund the account first.',
  ],
  set_options_too_many_signers: [
    'Too many signers',
    'The account has the maximum of 20 signers.',
    'Remove a signer first.',
  ],
  set_options_bad_flags: [
    'Bad flags',
    'A flag is both set and cleared, or the flags are invalid.',
    'Set or clear each flag once.',
  ],
  set_options_invalid_inflation: [
    'Invalid inflation destination',
    'The inflation destination does not exist.',
    'Use an existing account.',
  ],
  set_options_cant_change: [
    'Cannot change',
    'The option cannot be changed (the account is immutable).',
    'Leave the option as it is.',
  ],
  set_options_unknown_flag: ['Unknown flag', 'A flag that does not exist was given.', 'Use only known flags.'],
  set_options_threshold_out_of_range: [
    'Threshold out of range',
    'A weight or threshold is above 255.',
    'Use values from 0 to 255.',
  ],
  set_options_bad_signer: [
    'Bad signer',
    "The signer is invalid or the account's own master key.",
    'Use another key; change the master weight with master_key_weight.',
  ],
  set_options_invalid_home_domain: [
    'Invalid home domain',
    'The home domain is not valid text of at most 32 characters.',
    'Use a valid domain of at most 32 characters.',
  ],
  set_options_auth_revocable_required: [
    'Revocable required',
    'Clawback needs AUTH_REVOCABLE set too.',
    'Set AUTH_REVOCABLE along with AUTH_CLAWBACK_ENABLED.',
  ],
};
