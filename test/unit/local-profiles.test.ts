// The built-in profiles of the embedded local network: its service (Local) and, when it runs one,
// its Stellar RPC (Local RPC), read by the RPC source; and selecting either starts the network.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shouldStartLocal } from '../../core/networks/network-flag';
import { builtInProfiles, LOCAL_PASSPHRASE, Networks } from '../../core/networks/networks';
import { sourceKindOf } from '../../core/sources/registry';

describe('the local network as built-in profiles', () => {
  it('lists Local RPC only when the embedded network runs an RPC, with the local passphrase, read as RPC', () => {
    expect(builtInProfiles('http://127.0.0.1:1').map((p) => p.id)).toEqual(['local', 'testnet', 'public']);
    const withRpc = builtInProfiles('http://127.0.0.1:1', 'http://127.0.0.1:2');
    expect(withRpc.map((p) => p.id)).toEqual(['local', 'local-rpc', 'testnet', 'public']);
    const rpc = withRpc[1]!;
    expect(rpc).toMatchObject({ baseUrl: 'http://127.0.0.1:2', passphrase: LOCAL_PASSPHRASE, dialect: 'rpc' });
    expect(sourceKindOf(rpc).kind).toBe('rpc');
    expect(sourceKindOf(withRpc[0]!).kind).toBe('horizon');
    const networks = new Networks(
      mkdtempSync(join(tmpdir(), 'ledgerscope-profiles-')),
      'http://127.0.0.1:1',
      'http://127.0.0.1:2',
    );
    expect(networks.list().find((p) => p.id === 'local-rpc')?.builtIn).toBe(true);
  });

  it('starts the embedded network when Local or Local RPC was the last selection, not for another', () => {
    expect(shouldStartLocal(undefined, undefined)).toBe(true);
    expect(shouldStartLocal(undefined, 'local')).toBe(true);
    expect(shouldStartLocal(undefined, 'local-rpc')).toBe(true);
    expect(shouldStartLocal(undefined, 'testnet')).toBe(false);
    expect(shouldStartLocal('public', 'local-rpc')).toBe(false);
  });
});
