// Records of an account's transactions and trades listings in Horizon's shapes (issue #27's side
// walks), written here for the tests: a transaction as /accounts/{id}/transactions lists it, and an
// order-book trade as /accounts/{id}/trades lists it (XLM against a credit asset).

export const toid = (ledger: number, tx: number, index: number) =>
  (BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(index);

/**
 * A made-up close time of a ledger, the stand-in Horizon's own (standin-horizon.ts: five seconds a
 * ledger from 2025-01-01), so a trade's close time is the close time of its operation's ledger, as
 * the history index holds it (issue 37.9).
 */
export const closeTime = (ledger: number) =>
  new Date(Date.UTC(2025, 0, 1) + ledger * 5_000).toISOString().replace('.000Z', 'Z');

/** A transaction record: `source` its (inner) source, `feeAccount` who paid `fee` (a fee bump's source where they differ). */
export function transactionRecord(
  id: bigint,
  hash: string,
  source: string,
  feeAccount: string,
  fee: string,
  time = closeTime(Number(id >> 32n)),
) {
  return {
    id: hash,
    paging_token: String(id),
    successful: true,
    hash,
    ledger: Number(id >> 32n),
    created_at: time,
    source_account: source,
    fee_account: feeAccount,
    fee_charged: fee,
    max_fee: '1000',
    operation_count: 1,
    memo_type: 'none',
  };
}

/**
 * A trade made by operation `opId` (its `order`-th): `base` gives `amounts[0]` XLM, `counter`
 * gives `amounts[1]` of `code:issuer`; `baseIsSeller`: base's offer was crossed (counter took it).
 */
export function tradeRecord(
  opId: bigint,
  order: number,
  base: string,
  counter: string,
  amounts: [string, string],
  baseIsSeller: boolean,
  [code, issuer]: [string, string],
  time = closeTime(Number(opId >> 32n)),
) {
  return {
    id: `${opId}-${order}`,
    paging_token: `${opId}-${order}`,
    ledger_close_time: time,
    trade_type: 'orderbook',
    base_offer_id: baseIsSeller ? '41' : String((1n << 62n) + opId),
    base_account: base,
    base_amount: amounts[0],
    base_asset_type: 'native',
    counter_offer_id: baseIsSeller ? String((1n << 62n) + opId) : '42',
    counter_account: counter,
    counter_amount: amounts[1],
    counter_asset_type: code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
    counter_asset_code: code,
    counter_asset_issuer: issuer,
    base_is_seller: baseIsSeller,
    price: { n: 3, d: 10 },
  };
}
