// The Electron side of the embedded local network, a thin adapter for core/networks/network-setup.ts: core,
// service, Stellar RPC and lake writer run in Electron utilityProcesses (Node without a window,
// supervised by main), from the bundles in dist/network.
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import { eachLine, signalPid, type NetworkEntries, type SpawnNetworkProcess } from '../core';
import { LOCAL_NETWORK_FOLDER } from '../shared/local-data';

export const forkUtility: SpawnNetworkProcess = ({ part, entry, args }) => {
  // The flags also travel in the environment: the bundles' prologue rebuilds process.argv from
  // them, so the entries see `node entry …` whatever argv a utilityProcess gets (scripts/build.mjs).
  const child = utilityProcess.fork(entry, args, {
    stdio: 'pipe',
    serviceName: `Ledgerscope local network (${part})`,
    env: { ...process.env, LEDGERSCOPE_NETWORK_ARGS: JSON.stringify(args) },
  });
  const lineListeners: ((line: string) => void)[] = [];
  const emit = (line: string) => lineListeners.forEach((listener) => listener(line));
  eachLine(child.stdout, emit);
  eachLine(child.stderr, emit);
  let exitCode: number | undefined;
  const exitListeners: ((code: number | null) => void)[] = [];
  child.once('exit', (code) => {
    exitCode = code;
    exitListeners.splice(0).forEach((listener) => listener(code));
  });
  return {
    get pid() {
      return child.pid;
    },
    onLine: (listener) => void lineListeners.push(listener),
    onExit: (listener) => (exitCode === undefined ? void exitListeners.push(listener) : listener(exitCode)),
    // utilityProcess.kill() is SIGTERM on POSIX; a process that ignores it is killed by pid.
    kill: (signal) => {
      if (signal === 'SIGTERM' || child.pid === undefined) child.kill();
      else signalPid(child.pid, 'SIGKILL');
    },
  };
};

/** The network's data lives in `<userData>/local-network` and is kept between runs. */
export function electronNetworkPaths(
  userDataDir: string,
  distDir: string,
): { dataDir: string; entries: NetworkEntries } {
  // Packaged, dist/network is unpacked next to app.asar (electron-builder.yml asarUnpack).
  const networkDir = join(distDir, 'network').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return {
    dataDir: join(userDataDir, LOCAL_NETWORK_FOLDER),
    entries: {
      core: join(networkDir, 'core.mjs'),
      service: join(networkDir, 'service.mjs'),
      rpc: join(networkDir, 'rpc.mjs'),
      lake: join(networkDir, 'lake.mjs'),
    },
  };
}
