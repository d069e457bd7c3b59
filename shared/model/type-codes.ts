// The ledger dialect's operation types and their numbers, apart from the schemas (no zod) so code
// that only names types, such as the history worker, loads nothing more.

/** The local network's (ledger dialect's) operation types, in the order of their type numbers. */
export const OPERATION_TYPES = [
  'payment',
  'create_account',
  'change_trust',
  'create_claimable_balance',
  'claim_claimable_balance',
  'liquidity_pool_deposit',
  'liquidity_pool_withdraw',
  'manage_data',
  'account_merge',
  'bump_sequence',
  'set_options',
] as const;
export type LedgerOperationType = (typeof OPERATION_TYPES)[number];

/** Type numbers of the ledger dialect (docs/design.md); Horizon's numbers differ. */
export const LEDGER_TYPE_CODES: Record<LedgerOperationType, number> = {
  payment: 0,
  create_account: 1,
  change_trust: 2,
  create_claimable_balance: 3,
  claim_claimable_balance: 4,
  liquidity_pool_deposit: 5,
  liquidity_pool_withdraw: 6,
  manage_data: 7,
  account_merge: 8,
  bump_sequence: 9,
  set_options: 10,
};
