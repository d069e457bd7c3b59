// Network profiles: list, select, add (asking the server its dialect), edit, remove, test, and
// the selected network's health.
import type { CoreContext, DomainHandlers } from '../app/context';
import { testConnection } from '../sources/horizon/health';
import { probeProfile } from '../networks/passphrase-check';

type NetworkChannel =
  | 'network:list'
  | 'network:select'
  | 'network:add'
  | 'network:update'
  | 'network:remove'
  | 'network:test'
  | 'network:health';

export function networkHandlers(ctx: CoreContext): DomainHandlers<NetworkChannel> {
  const { networks, streams } = ctx;
  // The network's own names (the local network's demo accounts) come and go with the selection.
  const labelsChanged = () => ctx.emit('labels:changed', { count: ctx.labels.book().length });
  return {
    'network:list': async function networkList() {
      return { profiles: networks.list(), selectedId: networks.selected().id };
    },
    'network:select': async function networkSelect({ id }) {
      const profile = networks.select(id);
      ctx.networkChanged(profile);
      labelsChanged();
      return { selectedId: profile.id };
    },
    'network:add': async function networkAdd(draft, { signal }) {
      // The server is asked its passphrase (a contradiction is refused) and, unless stated, its
      // dialect; an unreachable server is saved as Horizon, the common case.
      const probe = await probeProfile(draft, signal, ctx.clientFor({ id: 'new', baseUrl: draft.baseUrl }));
      return networks.add({ ...draft, dialect: draft.dialect ?? probe?.dialect ?? 'horizon' });
    },
    'network:update': async function networkUpdate({ id, changes }, { signal }) {
      if (changes.baseUrl !== undefined || changes.passphrase !== undefined) {
        const target = { ...networks.get(id), ...changes };
        await probeProfile(target, signal, ctx.clientFor(target));
      }
      const profile = networks.update(id, changes);
      if (networks.selected().id === id) streams.useNetwork(profile);
      return profile;
    },
    'network:remove': async function networkRemove({ id }) {
      const selected = networks.remove(id);
      streams.useNetwork(selected);
      labelsChanged();
      return { selectedId: selected.id };
    },
    'network:test': async function networkTest(args, { signal }) {
      // Through the core's client of that server: a 429 on its root is waited out, and holds the
      // request after the test too (the command line's --network URL tests the root first).
      const target = 'id' in args ? networks.get(args.id) : args;
      const saved = networks.list().find((p) => p.baseUrl.replace(/\/+$/, '') === target.baseUrl.replace(/\/+$/, ''));
      const client = ctx.clientFor({ id: saved?.id ?? 'url', baseUrl: target.baseUrl });
      return testConnection(target, signal, client, (health) => ctx.healthSeen(target.baseUrl, health));
    },
    'network:health': async function networkHealth(_args, { signal }) {
      return ctx.checkHealth(signal);
    },
  };
}
