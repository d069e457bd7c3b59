// `--network local|testnet|public|<url>`: read in one place for the three hosts (desktop app,
// web host, command line), and applied through the channel map so selecting a network does what
// the Networks page does (streams follow, health is re-read).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NetworkProfile } from '../../shared/ipc';
import type { Dispatch, Handlers } from '../app/dispatch';

export const NETWORK_FLAG_VALUES = ['local', 'testnet', 'public'] as const;
export type NetworkChoice = { id: string } | { url: string };

/** Longer than any server address a person types; the message quotes at most 80 characters. */
const MAX_FLAG_CHARS = 2_048;
const USAGE = '--network must be local, testnet, public or an http(s) URL';

/** A value quoted on one line, at most 80 characters (JSON.stringify escapes C0 controls). */
const quote = (value: string) => JSON.stringify(value.slice(0, 80)).replace(/[\u007f-\u009f\u2028\u2029]/g, '?');

/** A built-in profile id or an http(s) URL; anything else is an Error whose message is one line. */
export function parseNetworkFlag(value: string): NetworkChoice {
  if ((NETWORK_FLAG_VALUES as readonly string[]).includes(value)) return { id: value };
  if (value.length > MAX_FLAG_CHARS) throw new Error(`${USAGE}; this value is ${value.length} characters long`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${USAGE}, not ${quote(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`--network URL must be http(s), not ${quote(url.protocol)}`);
  if (url.username || url.password) throw new Error('--network URL must not carry a user name or password');
  return { url: url.toString() };
}

/** The flag when it is valid; else undefined, the problem reported (the app starts anyway). */
export function checkedNetworkFlag(flag: string | undefined, report: (message: string) => void): string | undefined {
  if (flag === undefined) return undefined;
  try {
    parseNetworkFlag(flag);
    return flag;
  } catch (error) {
    report((error as Error).message);
    return undefined;
  }
}

/** The profiles the embedded local network serves: its service, and its Stellar RPC. */
export const LOCAL_PROFILE_IDS: readonly string[] = ['local', 'local-rpc'];

/** The local network starts when it is selected: by the flag, or else by the saved settings. */
export function shouldStartLocal(flag: string | undefined, savedSelectedId: string | undefined): boolean {
  if (flag !== undefined) return flag === 'local';
  return LOCAL_PROFILE_IDS.includes(savedSelectedId ?? 'local');
}

/** The selected profile id saved in `<userData>/networks.json` (undefined when none or unreadable). */
export function savedSelection(userDataDir: string): string | undefined {
  try {
    const saved = JSON.parse(readFileSync(join(userDataDir, 'networks.json'), 'utf8')) as { selectedId?: unknown };
    return typeof saved.selectedId === 'string' ? saved.selectedId : undefined;
  } catch {
    return undefined;
  }
}

/** Wraps the handlers so that selecting a Local profile at run time starts the network. */
export function startLocalWhenSelected(handlers: Handlers, network: { ensureStarted(): void }): Handlers {
  const select = handlers['network:select'];
  const remove = handlers['network:remove'];
  return {
    ...handlers,
    'network:select': async function networkSelect(args, context) {
      const result = await select(args, context);
      if (LOCAL_PROFILE_IDS.includes(result.selectedId)) network.ensureStarted();
      return result;
    },
    'network:remove': async function networkRemove(args, context) {
      const result = await remove(args, context);
      if (LOCAL_PROFILE_IDS.includes(result.selectedId)) network.ensureStarted();
      return result;
    },
  };
}

/**
 * Selects the flag's network: a built-in id is selected; a URL selects the saved profile with
 * that URL or adds one (its passphrase as the server reports it). With `useTransient` (the
 * command line) a URL is used for this run only and nothing is saved.
 */
export async function applyNetworkFlag(
  dispatch: Dispatch,
  flag: string,
  useTransient?: (profile: NetworkProfile) => void,
): Promise<string> {
  const choice = parseNetworkFlag(flag);
  const call = async <T>(channel: string, args: unknown): Promise<T> => {
    const reply = await dispatch(channel, args);
    if (!reply.ok) throw new Error(`--network ${flag}: ${reply.error.message}`);
    return reply.value as T;
  };
  if ('id' in choice) return (await call<{ selectedId: string }>('network:select', { id: choice.id })).selectedId;
  const same = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
  const name = new URL(choice.url).host.slice(0, 64);
  if (useTransient) {
    const probe = await call<{ serverPassphrase: string | null; dialect?: NetworkProfile['dialect'] }>('network:test', {
      baseUrl: choice.url,
    }).catch(() => null);
    const passphrase = probe?.serverPassphrase ?? 'unknown';
    useTransient({
      id: 'url',
      name,
      baseUrl: choice.url.replace(/\/$/, ''),
      passphrase,
      dialect: probe?.dialect ?? 'horizon',
      builtIn: false,
    });
    return 'url';
  }
  const { profiles } = await call<{ profiles: { id: string; baseUrl: string }[] }>('network:list', {});
  let id = profiles.find((profile) => same(profile.baseUrl, choice.url))?.id;
  if (!id) {
    const probe = await call<{ serverPassphrase: string | null }>('network:test', { baseUrl: choice.url });
    if (!probe.serverPassphrase)
      throw new Error(`--network ${flag}: the server did not report its network passphrase.`);
    id = (await call<{ id: string }>('network:add', { name, baseUrl: choice.url, passphrase: probe.serverPassphrase }))
      .id;
  }
  return (await call<{ selectedId: string }>('network:select', { id })).selectedId;
}
