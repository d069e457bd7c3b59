// `--network local|testnet|public|<url>` applied through the channel map, the same in both hosts:
// a built-in id is selected; a URL selects the saved profile with that URL or adds one (its
// passphrase as the server reports it) and selects that.
import type { Dispatch } from './core/dispatch';
import { parseNetworkFlag } from './core/embedded-network';

export async function applyNetworkFlag(dispatch: Dispatch, flag: string): Promise<string> {
  const choice = parseNetworkFlag(flag);
  const call = async <T>(channel: string, args: unknown): Promise<T> => {
    const reply = await dispatch(channel, args);
    if (!reply.ok) throw new Error(`--network ${flag}: ${reply.error.message}`);
    return reply.value as T;
  };
  if ('id' in choice) return (await call<{ selectedId: string }>('network:select', { id: choice.id })).selectedId;
  const { profiles } = await call<{ profiles: { id: string; baseUrl: string }[] }>('network:list', {});
  const same = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
  let id = profiles.find((profile) => same(profile.baseUrl, choice.url))?.id;
  if (!id) {
    const probe = await call<{ serverPassphrase: string | null }>('network:test', { baseUrl: choice.url });
    if (!probe.serverPassphrase) throw new Error(`--network ${flag}: the server did not report its network passphrase.`);
    const name = new URL(choice.url).host.slice(0, 64);
    id = (await call<{ id: string }>('network:add', { name, baseUrl: choice.url, passphrase: probe.serverPassphrase })).id;
  }
  return (await call<{ selectedId: string }>('network:select', { id })).selectedId;
}
