// The Stellar RPC source: a Source (../source.ts) over a stellar-rpc server's JSON-RPC, the second
// kind beside Horizon. RPC keeps a window of recent ledgers (about seven days), has no per-account
// listings and no streams: an account is its ledger entries (getLedgerEntries), what it moved is
// events (getEvents, CAP-67), the ledgers as they close are polled (getLatestLedger, getLedgers),
// and a submission is sendTransaction followed by getTransaction. Everything it reads is written
// in Horizon's JSON shapes (horizon-json.ts) and read by the one normaliser, so every screen, the
// index and the command line read an RPC network as they read Horizon.
import type { NetworkProfile } from '../../../shared/ipc';
import type { HttpClient } from '../../http/http';
import type { Source, SourceKind } from '../source';
import { readRpcAccount } from './account';
import { rpcCalls } from './calls';
import { probeRpc, readRpcHealth } from './health';
import { JsonRpc } from './json-rpc';
import { ledgerStreams } from './ledger-stream';
import { rpcLedgerHistory } from './ledger-history';
import { rpcListings } from './listings';
import { rpcPaymentStreams } from './payment-streams';
import { readRpcLedger, rpcHistory, rpcResource } from './resources';
import { rpcSubmission } from './submission';

/** The registry's entry (../registry.ts): a profile whose server speaks Stellar RPC. */
export const RPC: SourceKind = {
  kind: 'rpc',
  serves: (profile) => profile.dialect === 'rpc',
  create: (profile, http) => rpcSource(profile, http),
  probe: probeRpc,
};

/** How often the polled streams ask (the defaults in production; a test's own, shorter). */
export interface RpcTiming {
  feedPollMs?: number;
  ledgerPollMs?: number;
}

export function rpcSource(profile: NetworkProfile, http: HttpClient, timing: RpcTiming = {}): Source {
  const calls = rpcCalls(new JsonRpc(http));
  // The network's passphrase, asked once (and again after a failure).
  let asked: Promise<string> | null = null;
  const passphrase = (signal?: AbortSignal) => {
    asked ??= calls.network({ signal }).then(
      (network) => network.passphrase,
      (error: unknown) => {
        asked = null;
        throw error;
      },
    );
    return asked;
  };
  return {
    kind: 'rpc',
    profile,
    http,
    health: (signal) => readRpcHealth(profile, calls, http, signal),
    ...rpcHistory(calls),
    ledger: (sequence, signal) => readRpcLedger(calls, sequence, signal),
    account: (id, options = {}) => readRpcAccount(calls, passphrase, id, options.signal),
    resource: rpcResource(calls, passphrase),
    listings: rpcListings(calls, passphrase),
    ledgerHistory: rpcLedgerHistory(calls, passphrase, profile.baseUrl),
    streams: {
      payments: rpcPaymentStreams(profile, http, calls, passphrase, timing.feedPollMs),
      ledgers: ledgerStreams(calls, timing.ledgerPollMs),
    },
    submission: rpcSubmission(calls, passphrase),
    index: {
      lacking:
        'Stellar RPC lists no account history: an index on it is read from the ledgers of its window (ledgerHistory), not walked.',
    },
  };
}
