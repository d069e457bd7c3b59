// Submission on a Stellar RPC server: sendTransaction, whose four statuses are those of Horizon's
// asynchronous submission (read by the one interpreter, ../horizon/submit-async.ts), then
// getTransaction until the transaction is in a ledger.
import { CoreError } from '../../app/errors';
import { interpretAsync } from '../horizon/submit-async';
import type { SourceSubmission } from '../source';
import type { RpcCalls } from './calls';
import { RpcCallError } from './json-rpc';
import type { Passphrase } from './resources';

export function rpcSubmission(calls: RpcCalls, passphrase: Passphrase): SourceSubmission {
  return {
    passphrase: (signal) => passphrase(signal),
    async send(envelope, hash, signal) {
      let answer;
      try {
        answer = await calls.send(envelope, { signal, timeoutMs: 70_000 });
      } catch (error) {
        if (error instanceof CoreError && (error.code === 'unreachable' || error.code === 'timeout')) {
          const result = error.code === 'timeout' ? 'timeout' : 'connection_failed';
          return { report: { result, hash, resultXdr: '', message: error.message }, qualified: [] };
        }
        // stellar-rpc's internal error on sendTransaction: it could not hand the transaction to its
        // core, so the network never had it, and sending it again is safe.
        if (error instanceof RpcCallError && error.rpcCode === -32603)
          return {
            report: {
              result: 'connection_failed',
              hash,
              resultXdr: '',
              message: `The server could not reach its core node (${error.rpcMessage.slice(0, 200)}): the network did not get the transaction. Sending it again is safe.`,
            },
            qualified: [],
          };
        throw error;
      }
      const outcome = interpretAsync(
        200,
        {
          tx_status: answer.status,
          hash: answer.hash,
          ...(answer.errorResultXdr ? { error_result_xdr: answer.errorResultXdr } : {}),
        },
        hash,
      );
      return { report: outcome.report, qualified: outcome.qualified };
    },
    async lookup(hash, signal) {
      const info = await calls.transaction(hash, { signal });
      if (info.status === 'NOT_FOUND') return null;
      return {
        successful: info.status === 'SUCCESS',
        ...(info.ledger !== undefined ? { ledger: info.ledger } : {}),
        ...(info.resultXdr ? { resultXdr: info.resultXdr } : {}),
      };
    },
  };
}
