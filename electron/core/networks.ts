// Network profiles: the embedded local network (default), Testnet, Public, and the user's own.
import { z } from 'zod';
import { NetworkProfile } from '../../shared/ipc';
import { CoreError } from './dispatch';
import { SettingsFile } from './settings';

export const LOCAL_PASSPHRASE = 'Ledgerscope Local Network ; 2026';
export const TESTNET_PASSPHRASE = 'Test SDF Network ; September 2015';
export const PUBLIC_PASSPHRASE = 'Public Global Stellar Network ; September 2015';

export function builtInProfiles(localUrl: string): NetworkProfile[] {
  return [
    { id: 'local', name: 'Local', baseUrl: localUrl, passphrase: LOCAL_PASSPHRASE, dialect: 'ledger', builtIn: true },
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

export class Networks {
  private readonly file: SettingsFile<NetworkSettings>;

  constructor(
    userDataDir: string,
    private readonly localUrl: string,
  ) {
    this.file = new SettingsFile(userDataDir, 'networks.json', NetworkSettings, () => ({ selectedId: 'local', custom: [] }));
  }

  list(): NetworkProfile[] {
    return [...builtInProfiles(this.localUrl), ...this.file.get().custom];
  }

  selected(): NetworkProfile {
    const { selectedId } = this.file.get();
    return this.list().find((profile) => profile.id === selectedId) ?? builtInProfiles(this.localUrl)[0]!;
  }

  select(id: string): NetworkProfile {
    const profile = this.list().find((candidate) => candidate.id === id);
    if (!profile) throw new CoreError('not_found', `There is no network profile "${id.slice(0, 64)}".`);
    this.file.update((settings) => ({ ...settings, selectedId: id }));
    return profile;
  }
}
