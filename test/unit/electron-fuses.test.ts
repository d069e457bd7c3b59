// The Electron fuses of the packaged app (electron-builder.yml `electronFuses`). The Electron binary
// cannot be downloaded here, so the packaged configuration is checked the way electron-builder
// uses it: the file loaded and validated by electron-builder's own config loader, turned into a
// fuse wire by its own packager code, and flipped by @electron/fuses into a stand-in binary that
// carries Electron's sentinel and its default wire; then each fuse is read back from the bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { PlatformPackager } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// A fuse's state is one byte of the wire: '1' enabled, '0' disabled (@electron/fuses FuseState).
const ON = '1';
const OFF = '0';
// Electron's own defaults, in wire order: run as node, cookie encryption, NODE_OPTIONS, --inspect,
// asar integrity, only app.asar, browser V8 snapshot, file:// privileges.
const DEFAULT_WIRE = [ON, OFF, ON, ON, OFF, OFF, OFF, ON].join('');

const dir = mkdtempSync(join(tmpdir(), 'fuses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function packagedConfig() {
  const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

/** A file with Electron's fuse sentinel and wire (version 1, eight fuses) amid other bytes. */
function standInBinary(name: string): string {
  const path = join(dir, name);
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(DEFAULT_WIRE)]);
  writeFileSync(path, Buffer.concat([Buffer.alloc(4096, 0x7f), wire, Buffer.alloc(4096, 0x7f)]));
  return path;
}

/** The wire electron-builder writes for the configuration, as its packager builds it. */
async function flipped(fuses: unknown, name: string) {
  // The packager's own method (it reads nothing of the packager): the mapping electron-builder uses.
  const packager = PlatformPackager.prototype as unknown as {
    generateFuseConfig(fuses: unknown): Promise<Parameters<typeof flipFuses>[1]>;
  };
  const binary = standInBinary(name);
  await flipFuses(binary, await packager.generateFuseConfig.call(null, fuses));
  return getCurrentFuseWire(binary);
}

describe('Electron fuses in the packaged app', () => {
  test('electron-builder accepts the configuration, asar on', async () => {
    const config = await packagedConfig();
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toBeTruthy();
  });

  test('each fuse as the packaged binary has it', async () => {
    const wire = await flipped((await packagedConfig()).electronFuses, 'ledgerscope');
    expect(wire.version).toBe(FuseVersion.V1);
    const state = (option: FuseV1Options) => String.fromCharCode(wire[option]!);
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      nodeOptions: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      inspect: state(FuseV1Options.EnableNodeCliInspectArguments),
      asarIntegrity: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      cookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      fileProtocolPrivileges: state(FuseV1Options.GrantFileProtocolExtraPrivileges),
      browserV8Snapshot: state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot),
    }).toEqual({
      runAsNode: OFF,
      nodeOptions: OFF,
      inspect: OFF,
      asarIntegrity: ON,
      onlyAsar: ON,
      cookieEncryption: ON,
      fileProtocolPrivileges: OFF,
      browserV8Snapshot: OFF, // not set: Electron's default
    });
  });

  test('without the configuration the binary keeps Electron’s defaults (the check can fail)', async () => {
    const wire = await flipped({}, 'unfused');
    expect(String.fromCharCode(wire[FuseV1Options.RunAsNode]!)).toBe(ON);
    expect(String.fromCharCode(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]!)).toBe(ON);
    expect(String.fromCharCode(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]!)).toBe(OFF);
  });
});
