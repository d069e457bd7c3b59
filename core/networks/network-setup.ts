// The one composition of "which network, and the embedded local one", shared by the desktop app
// (electron/main.ts), the web host (electron/web-main.ts) and the command line (cli/main.ts):
// check `--network`, decide whether Local is wanted, reuse a local network that already answers
// or start ours, and afterwards select the flag's network through the channel map. The host only
// says how to spawn a process (utility processes in Electron, child_process.fork elsewhere).
import { existsSync } from 'node:fs';
import type { NetworkProfile } from '../../shared/ipc';
import type { Dispatch, Handlers } from '../app/dispatch';
import {
  EmbeddedNetwork,
  PART_NAMES,
  type EmbeddedNetworkOptions,
  type ExtraPart,
  type NetworkEntries,
} from './embedded-network';
import {
  applyNetworkFlag,
  parseNetworkFlag,
  savedSelection,
  shouldStartLocal,
  startLocalWhenSelected,
} from './network-flag';
import { choosePorts, runningService, type RunningLocal } from './network-ports';

/** Where Local points when no embedded network runs (the address `npm run network` uses). */
export const DEFAULT_LOCAL_URL = 'http://127.0.0.1:8000';

export interface NetworkSetupOptions extends Pick<
  EmbeddedNetworkOptions,
  'spawn' | 'coreArgs' | 'restart' | 'onNotice' | 'onLine' | 'rpc' | 'lake'
> {
  /** `--network` as given (checked here: a bad value throws an Error with a one-line message). */
  flag: string | undefined;
  /** Whose `networks.json` says what is selected when there is no flag. */
  userDataDir: string;
  /** The embedded network's data directory. */
  dataDir: string;
  /**
   * The parts' entry points. Core and service missing: Local is offline. The RPC's or the lake
   * writer's missing (an installation without them): a notice, and the network runs without it.
   */
  entries: NetworkEntries;
  /** A local network someone else runs (`--local-url`): nothing is started. */
  localUrl?: string | undefined;
  /**
   * 'background': use the network this data directory's ports.json names when it answers, else
   * create the network, start it now if Local is wanted and whenever Local is selected later (the
   * app, the web host). 'command': only if Local is wanted, reuse the network
   * this data directory's ports.json names when it answers, else start one and wait for it.
   * 'never': no local network (commands that work offline).
   */
  mode: 'background' | 'command' | 'never';
}

export interface NetworkSetup {
  /** The Local profile's URL. */
  localUrl: string;
  /**
   * The local network's Stellar RPC: the one this host's network runs (or will, once Local is
   * selected: as `localUrl`), or the one the network it reuses runs when it answers `getHealth`;
   * null when there is none (left off, not installed, a command's network, `--local-url`).
   */
  localRpcUrl: string | null;
  /** The network this host started (null when it reuses one, or runs none). */
  network: EmbeddedNetwork | null;
  /** The handlers, so that selecting Local at run time starts the network. */
  wrap(handlers: Handlers): Handlers;
  /** Selects the flag's network (no flag: nothing); `useTransient` keeps a URL for this run only. */
  applyFlag(dispatch: Dispatch, useTransient?: (profile: NetworkProfile) => void): Promise<void>;
  stop(): Promise<void>;
}

export async function setUpNetwork(options: NetworkSetupOptions): Promise<NetworkSetup> {
  const { flag } = options;
  if (flag !== undefined) parseNetworkFlag(flag);
  const local = options.localUrl === undefined ? await localNetwork(options) : null;
  const network = local instanceof EmbeddedNetwork ? local : null;
  const reused = local instanceof EmbeddedNetwork ? null : local;
  return {
    localUrl: options.localUrl ?? network?.serviceUrl ?? reused?.serviceUrl ?? DEFAULT_LOCAL_URL,
    localRpcUrl: network ? network.rpcUrl : (reused?.rpcUrl ?? null),
    network,
    wrap: (handlers) => (network ? startLocalWhenSelected(handlers, network) : handlers),
    applyFlag: async (dispatch, useTransient) => {
      if (flag !== undefined) await applyNetworkFlag(dispatch, flag, useTransient);
    },
    stop: async () => {
      await network?.stop();
    },
  };
}

/** The line a host logs of where the local network is (the Local profile's service and the RPC). */
export function localNetworkLine(setup: Pick<NetworkSetup, 'localUrl' | 'localRpcUrl'>): string {
  const rpc = setup.localRpcUrl ? `Stellar RPC ${setup.localRpcUrl}` : 'no Stellar RPC';
  return `Ledgerscope local network: ${setup.localUrl} (${rpc})`;
}

/** Our network, the URLs of one that already runs, or null for none. */
async function localNetwork(options: NetworkSetupOptions): Promise<EmbeddedNetwork | RunningLocal | null> {
  if (options.mode === 'never') return null;
  const wanted = shouldStartLocal(options.flag, savedSelection(options.userDataDir));
  if (options.mode === 'command' && !wanted) return null;
  // A network already running on this data folder (`npm run network`, another host, one left by a
  // host that was killed) is used as it is: a second core on its data would be refused by its lock.
  const running = await runningService(options.dataDir);
  if (running) {
    if (options.mode === 'background')
      options.onNotice?.({
        level: 'info',
        part: 'core',
        message: `using the local network already running on ${options.dataDir} at ${running.serviceUrl}${running.rpcUrl ? ` (Stellar RPC at ${running.rpcUrl})` : ''}`,
      });
    return running;
  }
  if (!existsSync(options.entries.core) || !existsSync(options.entries.service)) {
    const missing = 'The local network is not part of this installation: use --network testnet|public|<url>.';
    if (options.mode === 'command') throw new Error(missing);
    options.onNotice?.({ level: 'warning', part: 'core', message: `${missing} Local is offline.` });
    return null;
  }
  const { mode, flag: _flag, userDataDir: _user, localUrl: _url, ...rest } = options;
  const network = new EmbeddedNetwork({
    ...rest,
    rpc: installed(options, 'rpc'),
    lake: installed(options, 'lake'),
    ports: await choosePorts(options.dataDir),
    ...(mode === 'command' ? { restart: { maxAttempts: 1, ...rest.restart } } : {}),
  });
  if (mode === 'command') {
    options.onNotice?.({
      level: 'info',
      part: 'core',
      message: `starting the local network in ${options.dataDir} for this command`,
    });
    // A core that started while the service did not must not outlive the failed command.
    await network.start().catch(async (error: unknown) => {
      await network.stop();
      throw error;
    });
  } else if (wanted) network.ensureStarted();
  return network;
}

/** Whether an extra part is wanted (default yes) and installed; wanted but missing is said once. */
function installed(options: NetworkSetupOptions, part: ExtraPart): boolean {
  if (options[part] === false) return false;
  const entry = options.entries[part];
  if (entry !== undefined && existsSync(entry)) return true;
  options.onNotice?.({
    level: 'warning',
    part,
    message: `The local network's ${PART_NAMES[part]} is not part of this installation; the local network runs without it.`,
  });
  return false;
}
