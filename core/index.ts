// The app core's one public entry: everything the hosts (electron/, the web host) and the command
// line (cli/) use of it. The core is plain Node (no `electron`), so it runs the same under the
// desktop app, the web host, the command line and the tests; what is not named here is its own
// business, and lint refuses an import of its inner files from outside (docs/design.md "Layout").

// Building the core and reaching it: one app core per process, one dispatcher in front of it.
export { createAppCore, type AppCore } from './app/app';
export { createDispatcher, type Dispatch, type Emit } from './app/dispatch';

// The network to use and the local network's processes.
export { checkedNetworkFlag, parseNetworkFlag } from './networks/network-flag';
export { localNetworkLine, setUpNetwork, type NetworkSetup } from './networks/network-setup';
export { eachLine, forkWithNode, parsePid, signalPid, sourceEntries } from './networks/network-process';
export type { NetworkEntries, NetworkPart, SpawnNetworkProcess } from './networks/embedded-network';

// What never leaves the machine: secret keys refused, logs redacted.
export { containsSecretKey, refuseSecrets, SECRET_REFUSED } from './app/secrets';
export { redactLogData } from './app/log-redaction';

// The command line's own reads and writes: a stream of payments, exports' rows and fresh file
// names, a 429's wait line.
export { streamPayments } from './streams/streams';
export { ACCOUNTING_COLUMNS, EXPORT_COLUMNS, LiveCsv, listingViewer, ndjsonRow } from './exports/export';
export { createFreshFile } from './exports/export-files';
export { replaceWhole, writeFresh } from './exports/whole-file';
export { historyNdjsonRow } from './history-index/ndjson-row';
export { waitLine } from './http/rate-limit';
