// The embedded local network's parts (core/networks/embedded-network.ts): which there are, in what
// order they start, what each is called in a notice and the line each prints once it is ready.
// The core and the service are the explorer; the Stellar RPC and the lake writer are extras beside it.
import { join } from 'node:path';
import { showHidden } from '../../shared/visible-text';

export type NetworkPart = 'core' | 'service' | 'rpc' | 'lake';
/** The parts the explorer needs: without them the network has failed. */
export type EssentialPart = 'core' | 'service';
/** The parts beside it: each may be left off, and one that fails leaves the explorer running. */
export type ExtraPart = 'rpc' | 'lake';

/** Every part in start order (stopped in the reverse). */
export const NETWORK_PARTS: readonly NetworkPart[] = ['core', 'service', 'rpc', 'lake'];

/** How a notice names a part. */
export const PART_NAMES: Record<NetworkPart, string> = {
  core: 'core',
  service: 'service',
  rpc: 'Stellar RPC',
  lake: 'ledger data lake writer',
};

/** The process entry of each part; the extras' only where this installation has them. */
export type NetworkEntries = Record<EssentialPart, string> & Partial<Record<ExtraPart, string>>;
/** The ports of the parts that listen (the lake writer listens on none). */
export type NetworkPorts = Record<EssentialPart, number> & { rpc?: number };

export const ESSENTIAL_PARTS: readonly NetworkPart[] = ['core', 'service'];
export const isEssential = (part: NetworkPart): part is EssentialPart => ESSENTIAL_PARTS.includes(part);

/** Where the lake is written: `npm run network`'s default too (`--lake-dir`, docs/lake.md). */
export const LAKE_FOLDER = 'lake';

/** The line each part prints once it is ready (its process entry's own words). */
const READY = /^ledgerscope-(?:(core|service|rpc) listening on http:\/\/127\.0\.0\.1:\d+|(lake) writing \S.*?)\s*$/;

/** A part's ready line, or undefined. */
export function readyPart(line: string): NetworkPart | undefined {
  const match = READY.exec(line);
  return (match?.[1] ?? match?.[2]) as NetworkPart | undefined;
}

/**
 * A first run generates the same demo history as `npm run network` (it is written once, with the
 * data directory), so a new user has something to explore offline; later runs continue from it.
 */
export const DEFAULT_CORE_ARGS = ['--history-ops', '5000'];

/**
 * Each part's flags. One data directory for all: the core writes the store, the others read it.
 * Every other setting is the process's own default, which is `npm run network`'s (docs/rpc.md,
 * docs/lake.md); the service serves the lake at /lake/ when there is one, as `npm run network`'s does.
 */
export function partArgs(
  part: NetworkPart,
  given: {
    dataDir: string;
    ports: NetworkPorts;
    coreUrl: string;
    lakeDir: string | null;
    coreArgs?: string[] | undefined;
  },
): string[] {
  const { dataDir, ports, coreUrl, lakeDir } = given;
  switch (part) {
    case 'core':
      return ['--data-dir', dataDir, '--port', String(ports.core), ...(given.coreArgs ?? DEFAULT_CORE_ARGS)];
    case 'service':
      return [
        ...['--data-dir', dataDir, '--port', String(ports.service), '--core-url', coreUrl],
        ...(lakeDir ? ['--lake-dir', lakeDir] : []),
      ];
    case 'rpc':
      return ['--data-dir', dataDir, '--port', String(ports.rpc), '--core-url', coreUrl];
    case 'lake':
      return ['--data-dir', dataDir, '--lake-dir', lakeDir ?? join(dataDir, LAKE_FOLDER)];
  }
}

/** How many of a process's last lines a notice quotes, and how long each may be. */
const LAST_LINES = 3;
const LINE_CHARS = 200;

/** The last few lines a process printed, each bounded and its hidden characters shown, for a notice. */
export class LastLines {
  private readonly lines: string[] = [];

  add(line: string): void {
    const text = line.trim();
    if (text === '') return;
    this.lines.push(showHidden(text.slice(0, LINE_CHARS)));
    if (this.lines.length > LAST_LINES) this.lines.shift();
  }

  /** "; it said: a / b", or '' when it said nothing. */
  said(): string {
    return this.lines.length > 0 ? `; it said: ${this.lines.join(' / ')}` : '';
  }
}
