// Network profiles: the embedded local network (default), Testnet, Public, and the user's own.
import { z } from 'zod';
import { type Dialect, NetworkProfile } from '../../shared/ipc';
import { CoreError } from '../app/errors';
import { SettingsFile } from '../app/settings';

export const LOCAL_PASSPHRASE = 'Ledgerscope Local Network ; 2026';
export const TESTNET_PASSPHRASE = 'Test SDF Network ; September 2015';
export const PUBLIC_PASSPHRASE = 'Public Global Stellar Network ; September 2015';
/** The passphrase of a profile made from a URL for one run, until the server is asked. */
export const UNKNOWN_PASSPHRASE = 'unknown';

/**
 * The built-in profiles: Local (the embedded network's Horizon-shaped service), Local RPC (its
 * Stellar RPC, when one runs), Testnet and Public.
 */
export function builtInProfiles(localUrl: string, localRpcUrl: string | null = null): NetworkProfile[] {
  return [
    { id: 'local', name: 'Local', baseUrl: localUrl, passphrase: LOCAL_PASSPHRASE, dialect: 'ledger', builtIn: true },
    ...(localRpcUrl
      ? [
          {
            id: 'local-rpc',
            name: 'Local RPC',
            baseUrl: localRpcUrl,
            passphrase: LOCAL_PASSPHRASE,
            dialect: 'rpc' as const,
            builtIn: true,
          },
        ]
      : []),
    {
      id: 'testnet',
      name: 'Testnet',
      baseUrl: 'https://horizon-testnet.stellar.org',
      passphrase: TESTNET_PASSPHRASE,
      dialect: 'horizon',
      builtIn: true,
    },
    {
      id: 'public',
      name: 'Public',
      baseUrl: 'https://horizon.stellar.org',
      passphrase: PUBLIC_PASSPHRASE,
      dialect: 'horizon',
      builtIn: true,
    },
  ];
}

const NetworkSettings = z.object({
  selectedId: z.string().min(1).max(64),
  custom: z.array(NetworkProfile),
});
type NetworkSettings = z.infer<typeof NetworkSettings>;

export interface ProfileDraft {
  name: string;
  baseUrl: string;
  passphrase: string;
  dialect?: Dialect | undefined;
  submission?: 'auto' | 'sync' | 'async' | undefined;
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'network'
  );
}

function checkDraft(draft: ProfileDraft): ProfileDraft {
  let url: URL;
  try {
    url = new URL(draft.baseUrl);
  } catch {
    throw new CoreError('invalid_input', `"${draft.baseUrl.slice(0, 100)}" is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CoreError(
      'invalid_input',
      'A network URL starts with https:// (or http:// for a server on this machine).',
    );
  if (url.username || url.password)
    throw new CoreError('invalid_input', 'Put no user name or password in a network URL.');
  return { ...draft, name: draft.name.trim(), baseUrl: url.toString().replace(/\/$/, '') };
}

export class Networks {
  private readonly file: SettingsFile<NetworkSettings>;

  constructor(
    userDataDir: string,
    private readonly localUrl: string,
    private readonly localRpcUrl: string | null = null,
  ) {
    this.file = new SettingsFile(userDataDir, 'networks.json', NetworkSettings, () => ({
      selectedId: 'local',
      custom: [],
    }));
  }

  /** A profile for this run only (`--network <url>`), selected until another one is. */
  private transient: NetworkProfile | null = null;

  useTransient(profile: NetworkProfile): void {
    this.transient = { ...profile, id: 'url', builtIn: false };
  }

  list(): NetworkProfile[] {
    return [
      ...builtInProfiles(this.localUrl, this.localRpcUrl),
      ...this.file.get().custom,
      ...(this.transient ? [this.transient] : []),
    ];
  }

  selected(): NetworkProfile {
    if (this.transient) return this.transient;
    const { selectedId } = this.file.get();
    return (
      this.list().find((profile) => profile.id === selectedId) ?? builtInProfiles(this.localUrl, this.localRpcUrl)[0]!
    );
  }

  get(id: string): NetworkProfile {
    const profile = this.list().find((candidate) => candidate.id === id);
    if (!profile) throw new CoreError('not_found', `There is no network profile "${id.slice(0, 64)}".`);
    return profile;
  }

  /** Adds a custom profile; its id is derived from the name and made unique. */
  add(draft: ProfileDraft): NetworkProfile {
    const base = slug(draft.name);
    const taken = new Set(this.list().map((profile) => profile.id));
    let id = `custom-${base}`;
    for (let n = 2; taken.has(id); n++) id = `custom-${base}-${n}`;
    const profile = NetworkProfile.parse({
      ...checkDraft(draft),
      id,
      dialect: draft.dialect ?? 'horizon',
      builtIn: false,
    });
    this.file.update((settings) => ({ ...settings, custom: [...settings.custom, profile] }));
    return profile;
  }

  update(id: string, changes: Partial<ProfileDraft>): NetworkProfile {
    const current = this.get(id);
    if (current.builtIn)
      throw new CoreError(
        'read_only',
        `${current.name} is built in and cannot be edited; add a custom network instead.`,
      );
    const next = NetworkProfile.parse({ ...current, ...checkDraft({ ...current, ...changes }) });
    this.file.update((settings) => ({
      ...settings,
      custom: settings.custom.map((profile) => (profile.id === id ? next : profile)),
    }));
    return next;
  }

  /** Removes a custom profile; if it was selected, Local is selected again. */
  remove(id: string): NetworkProfile {
    const current = this.get(id);
    if (current.builtIn) throw new CoreError('read_only', `${current.name} is built in and cannot be removed.`);
    this.file.update((settings) => ({
      selectedId: settings.selectedId === id ? 'local' : settings.selectedId,
      custom: settings.custom.filter((profile) => profile.id !== id),
    }));
    return this.selected();
  }

  select(id: string): NetworkProfile {
    const profile = this.list().find((candidate) => candidate.id === id);
    if (!profile) throw new CoreError('not_found', `There is no network profile "${id.slice(0, 64)}".`);
    if (id === 'url') return profile;
    this.transient = null;
    this.file.update((settings) => ({ ...settings, selectedId: id }));
    return profile;
  }
}
