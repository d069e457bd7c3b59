// An account's history index on a Stellar RPC server (issue 38.4): the server keeps a window of
// ledgers and no listings, so the index is read from ledgers, as from a data lake. The ledgers of
// the window its CAP-67 events name (every movement of value it made or received, and the fee of
// each transaction it paid) are fetched as close meta (getLedgers' metadataXdr) and read by the one
// reader of a ledger's records (../ledger-meta/account-records.ts); every other ledger of the range
// held nothing of the account that moved value. The index covers the window's ledgers only, and
// says so; its reconciliation over them uses the balances the ledgers' entry changes record.
import { StrKey, xdr } from '@stellar/stellar-base';
import { CoreError } from '../../app/errors';
import { AssetContracts } from '../ledger-meta/asset-events';
import { accountRecords, type AccountLedgerRecords } from '../ledger-meta/account-records';
import { batchRecords } from '../ledger-meta/batch-records';
import type { LedgerProducer, LedgerRead } from '../source';
import { accountTopics } from './account';
import type { RpcCalls } from './calls';
import type { Passphrase } from './resources';
import { windowEvents } from './window-events';
import { rpcLedgersWhere } from '../../../shared/index-coverage';

/** Ledgers fetched at once (each one getLedgers call of one ledger's meta). */
export const LEDGERS_AT_ONCE = 4;
/** Ledgers handed to the index in one run at most (a run of ledgers that held nothing is cheap). */
const RUN = 5_000;

export function rpcLedgerHistory(calls: RpcCalls, passphrase: Passphrase, baseUrl: string) {
  return {
    producer(account: string): LedgerProducer {
      let named: number[] = [];
      return {
        async open(held, signal) {
          const read = await windowEvents(calls, [{ type: 'contract', topics: accountTopics(account) }], signal);
          const where = rpcLedgersWhere(baseUrl);
          if (held && held.next < read.oldest)
            throw new CoreError(
              'invalid_input',
              `The index read ${where} through ledger ${held.next - 1}, but the server now keeps ledgers from ${read.oldest}: going on would leave ledgers ${held.next}–${read.oldest - 1} unread. Remove the index and sync the window again.`,
            );
          named = [...new Set(read.events.map((event) => event.ledger))].sort((a, b) => a - b);
          return { where, from: held?.from ?? read.oldest, to: read.latest };
        },
        async read(_account, from, to, signal, onLedgers, onProgress) {
          const contracts = new AssetContracts(await passphrase(signal));
          const key = StrKey.decodeEd25519PublicKey(account);
          const wanted = named.filter((ledger) => ledger >= from && ledger <= to);
          const started = performance.now();
          let done = 0;
          let next = from;
          let run: LedgerRead[] = [];
          const flush = async () => {
            if (run.length === 0) return;
            const given = run;
            run = [];
            await onLedgers(given);
            done += given.length;
            const seconds = (performance.now() - started) / 1000;
            const rate = seconds > 0 ? done / seconds : 0;
            onProgress({
              from,
              to,
              done,
              bytes: 0,
              ledgersPerSecond: rate,
              bytesPerSecond: 0,
              msLeft: rate > 0 ? ((to - from + 1 - done) / rate) * 1000 : null,
            });
          };
          const quietUntil = async (ledger: number) => {
            for (; next < ledger; next++) {
              run.push({ ledger: next, records: null });
              if (run.length >= RUN) await flush();
            }
          };
          for (let at = 0; at < wanted.length; at += LEDGERS_AT_ONCE) {
            if (signal.aborted) throw new CoreError('cancelled', 'The sync was stopped.');
            const batch = wanted.slice(at, at + LEDGERS_AT_ONCE);
            const metas = await Promise.all(batch.map((ledger) => closeMetaBytes(calls, ledger, signal)));
            for (const [i, ledger] of batch.entries()) {
              await quietUntil(ledger);
              run.push({ ledger, records: ledgerRecords(metas[i]!, ledger, account, key, contracts) });
              next = ledger + 1;
              if (run.length >= RUN) await flush();
            }
          }
          await quietUntil(to + 1);
          await flush();
        },
      };
    },
  };
}

/** One ledger's close meta from getLedgers, as bytes: that ledger's, with its meta. */
async function closeMetaBytes(calls: RpcCalls, ledger: number, signal: AbortSignal): Promise<Buffer> {
  const answer = await calls.ledgers({ startLedger: ledger, pagination: { limit: 1 } }, { signal });
  const info = answer.ledgers[0];
  if (!info || info.sequence !== ledger)
    throw new CoreError(
      'bad_response',
      `The server was asked for ledger ${ledger} and gave ${info ? `ledger ${info.sequence}` : 'none'}: nothing of it is indexed.`,
    );
  if (!info.metadataXdr)
    throw new CoreError('bad_response', `The server gave ledger ${ledger} without its close meta (metadataXdr).`);
  return Buffer.from(info.metadataXdr, 'base64');
}

/**
 * The account's records of one ledger from its close meta's bytes. Read as the lake reads a batch
 * (batch-records.ts: only the transactions that hold the account's key bytes decoded, a few ms of
 * the main thread where the whole pubnet ledger takes about 60), here a batch of this one ledger;
 * a meta that way cannot read is decoded whole and checked, and what is wrong with it said.
 */
function ledgerRecords(
  bytes: Buffer,
  ledger: number,
  account: string,
  key: Uint8Array,
  contracts: AssetContracts,
): AccountLedgerRecords | null {
  const head = Buffer.alloc(12);
  head.writeUInt32BE(ledger, 0);
  head.writeUInt32BE(ledger, 4);
  head.writeUInt32BE(1, 8);
  const fast = batchRecords(Buffer.concat([head, bytes]), ledger, () => true, account, key, contracts);
  if (fast?.length === 1 && fast[0]![0] === ledger) return fast[0]![1];
  let meta: xdr.LedgerCloseMeta;
  try {
    meta = xdr.LedgerCloseMeta.fromXDR(bytes);
  } catch (error) {
    throw new CoreError(
      'bad_response',
      `The server's ledger ${ledger} close meta is not valid XDR (${(error as Error).message.slice(0, 120)}).`,
    );
  }
  if (meta.value().ledgerHeader().header().ledgerSeq() !== ledger)
    throw new CoreError('bad_response', `The server's close meta for ledger ${ledger} is another ledger's.`);
  return accountRecords(meta, account, contracts);
}
