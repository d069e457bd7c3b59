// Which fees a set's totals carry (issue #36). Apart from history.ts, which loads the schema
// library, so that the renderer's views read it alone.
/**
 * Which fees a set's totals carry, said beside them in the workbench and under the
 * command line's totals: core/history-index/worker-thread/query.ts matchingFeesFrom.
 */
export const FEES_RULE =
  'Fees: what the account paid for the transactions of these records, each transaction’s fee once, whichever of its operations matched.';
