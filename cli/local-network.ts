// `--network local` on the command line, as docs/design.md asks: use the embedded local network
// of the user's data directory. If the desktop app or the web host already runs it, talk to that
// one; otherwise start it for the length of the command (its data kept between runs, like the
// app's). The deciding is core/networks/network-setup.ts, shared with the app and the web host.
import { fileURLToPath } from 'node:url';
import { forkWithNode, setUpNetwork, sourceEntries, type NetworkSetup } from '../core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CommandNetworkOptions {
  flag: string;
  userDataDir: string;
  dataDir: string;
  /** The command works without a network (decode, explain): nothing is started. */
  offline: boolean;
  say: (line: string) => void;
}

export function useLocalNetwork(options: CommandNetworkOptions): Promise<NetworkSetup> {
  const given = process.env['LEDGERSCOPE_LOCAL_URL'];
  return setUpNetwork({
    flag: options.flag,
    userDataDir: options.userDataDir,
    dataDir: options.dataDir,
    entries: sourceEntries(ROOT),
    spawn: forkWithNode(['--import', 'tsx']),
    // A command's network lives for one command and answers it from the service: the Stellar RPC
    // and the lake writer would cost it a process and about a second each for nothing. The lake is
    // not lost: the writer resumes after the last ledger written whenever the app, the web host or
    // `npm run network` runs the network (docs/lake.md).
    rpc: false,
    lake: false,
    localUrl: given || undefined,
    mode: options.offline ? 'never' : 'command',
    onNotice: (notice) => options.say(`ledgerscope: ${notice.message}`),
  });
}
