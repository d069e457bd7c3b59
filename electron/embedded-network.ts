// The Electron side of the embedded local network: core and service run in Electron
// utilityProcesses (Node without a window, supervised by main), from the bundles in dist/network.
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import { EmbeddedNetwork, choosePorts, eachLine, type NetworkNotice, type NetworkPart, type SpawnNetworkProcess } from './core/embedded-network';

const forkUtility: SpawnNetworkProcess = ({ part, entry, args }) => {
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
      else process.kill(child.pid, 'SIGKILL');
    },
  };
};

export interface ElectronNetworkOptions {
  userDataDir: string;
  /** dist/ of the app (inside app.asar when packaged). */
  distDir: string;
  onNotice: (notice: NetworkNotice) => void;
  onLine: (part: NetworkPart, line: string) => void;
}

/** The network's data lives in `<userData>/local-network` and is kept between runs. */
export async function createElectronNetwork(options: ElectronNetworkOptions): Promise<EmbeddedNetwork> {
  const dataDir = join(options.userDataDir, 'local-network');
  // Packaged, dist/network is unpacked next to app.asar (electron-builder.yml asarUnpack).
  const networkDir = join(options.distDir, 'network').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return new EmbeddedNetwork({
    dataDir,
    entries: { core: join(networkDir, 'core.mjs'), service: join(networkDir, 'service.mjs') },
    spawn: forkUtility,
    ports: await choosePorts(dataDir),
    onNotice: options.onNotice,
    onLine: options.onLine,
  });
}
