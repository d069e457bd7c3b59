// Plain-language meaning and suggested fix of every transaction result code Horizon can return,
// keyed in Horizon's spelling (tx_no_source_account; core/submission/result-codes.ts derives the list from the
// XDR). What was charged depends on whether the transaction reached a ledger; explain.ts adds that.
import type { Entry } from './entry';

export const TRANSACTION_CODES: Record<string, Entry> = {
  tx_success: ['Succeeded', 'Every operation of the transaction was applied.', 'Nothing to do.'],
  tx_fee_bump_inner_success: [
    'Succeeded (fee-bump)',
    'The fee-bump was accepted and its inner transaction was applied.',
    'Nothing to do.',
  ],
  tx_failed: [
    'An operation failed',
    'At least one operation failed, so none of them took effect.',
    'Read the operation codes below, fix that operation, and sign a new transaction with the next sequence number.',
  ],
  tx_fee_bump_inner_failed: [
    'Inner transaction failed',
    'The fee-bump was valid but its inner transaction failed.',
    'Read the inner codes, fix the inner transaction, and wrap a newly signed one.',
  ],
  tx_too_early: [
    'Too early',
    "The ledger's close time is before the transaction's minimum time bound (or its minimum ledger).",
    'Wait until the minimum time has passed, or sign a transaction with an earlier lower bound.',
  ],
  tx_too_late: [
    'Expired',
    "The ledger's close time is after the transaction's maximum time bound (or its maximum ledger).",
    'Sign a new transaction with a later maximum time (a few minutes ahead) and submit it promptly.',
  ],
  tx_missing_operation: [
    'No operations',
    'The transaction holds no operation.',
    'Add at least one operation and sign again.',
  ],
  tx_bad_seq: [
    'Wrong sequence number',
    "The transaction's sequence number is not the source account's current sequence + 1 (another transaction used it, or it was built against stale data).",
    "Reload the source account's sequence, build the transaction with sequence + 1, and sign again.",
  ],
  tx_bad_auth: [
    'Bad signature or wrong network',
    'The signatures do not meet the threshold, or were made for another network passphrase (so they do not match this network).',
    'Sign with the right keys for the network selected in Ledgerscope; check the inspection panel, which says which network the signatures verify for.',
  ],
  tx_insufficient_balance: [
    'Not enough to pay the fee',
    'Paying the fee would take the source account below its minimum reserve.',
    'Fund the source account, or remove subentries to lower its reserve.',
  ],
  tx_no_source_account: [
    'Source account does not exist',
    'The source account is not on this network (never funded, or merged away).',
    'Create and fund the account first (or select the network it lives on).',
  ],
  tx_insufficient_fee: [
    'Fee too low',
    'The fee bid is below the network minimum, or too low to get in while the network is busy.',
    'Raise the maximum fee (base fee times operation count, more during surge pricing) and sign again.',
  ],
  tx_bad_auth_extra: [
    'Unused signatures',
    'The transaction carries signatures that are not needed; the network refuses them.',
    'Remove the extra signatures and submit again.',
  ],
  tx_internal_error: [
    'Internal error',
    'The network hit an unexpected error while applying the transaction.',
    'Try again later; if it persists, report it to the network operator.',
  ],
  tx_not_supported: [
    'Not supported',
    'The transaction uses a feature or version this network does not support.',
    'Build the transaction with supported operations and envelope version.',
  ],
  tx_bad_sponsorship: [
    'Sponsorship not closed',
    'A sponsorship was begun in the transaction but never ended (or the other way round).',
    'Pair every begin-sponsoring operation with an end-sponsoring one in the same transaction.',
  ],
  tx_bad_minseq_age_or_gap: [
    'Sequence age or gap not met',
    "The transaction's preconditions on the minimum sequence age or ledger gap are not satisfied yet: the source account was used too recently.",
    'Wait until the preconditions hold, or sign without them.',
  ],
  tx_malformed: [
    'Malformed transaction',
    'The transaction is structurally invalid (for example bad preconditions or extra fields).',
    'Rebuild it with a standard library and sign again.',
  ],
  tx_soroban_invalid: [
    'Invalid contract transaction',
    'The smart-contract resources or footprint of the transaction are invalid or exceed the network limits.',
    'Simulate the transaction again and use the resources and fee it reports.',
  ],
  tx_frozen_key_accessed: [
    'Frozen key accessed',
    'The transaction touches a ledger key the network has frozen.',
    'Remove the operation that touches the frozen entry.',
  ],
};
