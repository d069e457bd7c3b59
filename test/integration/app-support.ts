// Shared by the app-core integration tests: the real query service (network/service) over a real
// SQLite store filled with synthetic ledgers, the app core over a temp user-data directory, and
// helpers that wait for a condition with a deadline instead of sleeping.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore, type AppCore, type AppCoreOptions } from '../../core/app/app';
import { createDispatcher, type Dispatch } from '../../core/app/dispatch';
import { startService, type RunningService, type ServiceOptions } from '../../network/service/server';
import {
  eventChannels,
  requestChannels,
  type EventChannel,
  type EventPayload,
  type RequestChannel,
} from '../../shared/ipc';
import { accountKeys, fillPayments, SyntheticStore } from '../support/service-store';

export const START_LEDGER = 60_000_000;

export interface ServiceFixture {
  url: string;
  dataDir: string;
  store: SyntheticStore;
  accounts: string[];
  service: RunningService;
  nextLedger: number;
  restart(options?: Partial<ServiceOptions>): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startSyntheticService(
  fill: { ledgers: number; perLedger: number; accounts?: number; failEvery?: number },
  options: Partial<ServiceOptions> = {},
): Promise<ServiceFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-app-'));
  const store = new SyntheticStore(dataDir, START_LEDGER);
  const accounts = accountKeys(fill.accounts ?? 5);
  if (fill.ledgers > 0)
    fillPayments(store, {
      startLedger: START_LEDGER,
      ledgers: fill.ledgers,
      perLedger: fill.perLedger,
      accounts,
      ...(fill.failEvery ? { failEvery: fill.failEvery } : {}),
    });
  else for (const account of accounts) store.addAccount(account, 10_000_000_000n, START_LEDGER);
  const base: ServiceOptions = { dataDir, port: 0, coreUrl: 'http://127.0.0.1:9', ...options };
  let service = await startService(base);
  let stopped = false;
  const fixture: ServiceFixture = {
    url: service.url,
    dataDir,
    store,
    accounts,
    service,
    nextLedger: START_LEDGER + fill.ledgers,
    async restart(change = {}) {
      if (!stopped) await service.close();
      // Same port, so the profile URL (and the persisted cursors) stay valid.
      service = await startService({ ...base, ...change, port: service.port });
      stopped = false;
      fixture.service = service;
    },
    async stop() {
      stopped = true;
      await service.close();
    },
    async close() {
      if (!stopped) await service.close();
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}

export interface CoreFixture {
  core: AppCore;
  dispatch: Dispatch;
  userDataDir: string;
  events: { channel: EventChannel; payload: unknown }[];
  /** Events whose payload did not match the channel map (should stay empty). */
  invalidEvents: string[];
  call<T = unknown>(channel: string, args: unknown, signal?: AbortSignal): Promise<T>;
  close(): Promise<void>;
}

export function startCore(
  localUrl: string,
  options: Partial<AppCoreOptions> = {},
  userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-user-')),
): CoreFixture {
  const events: CoreFixture['events'] = [];
  const invalidEvents: string[] = [];
  const core = createAppCore({
    userDataDir,
    localUrl,
    host: 'web',
    version: 'test',
    emit: <C extends EventChannel>(channel: C, payload: EventPayload<C>) => {
      const checked = eventChannels[channel].safeParse(payload);
      if (!checked.success)
        invalidEvents.push(
          `${channel}: ${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`,
        );
      events.push({ channel, payload });
    },
    healthIntervalMs: 0,
    exportDir: join(userDataDir, 'exports'),
    ...options,
  });
  const dispatch = createDispatcher(core.handlers);
  return {
    core,
    dispatch,
    userDataDir,
    events,
    invalidEvents,
    async call<T>(channel: string, args: unknown, signal?: AbortSignal): Promise<T> {
      const reply = await dispatch(channel, args, signal ? { signal } : {});
      if (!reply.ok)
        throw Object.assign(new Error(`${channel}: ${reply.error.code}: ${reply.error.message}`), {
          code: reply.error.code,
        });
      // Every answer must match the channel map's result schema, and survive the web host's JSON.
      const checked = requestChannels[channel as RequestChannel].result.safeParse(reply.value);
      if (!checked.success)
        throw new Error(
          `${channel} answered outside its schema: ${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`,
        );
      JSON.stringify(reply.value);
      return reply.value as T;
    },
    async close() {
      await core.close();
      if (invalidEvents.length > 0)
        throw new Error(`events outside the channel map: ${invalidEvents.slice(0, 3).join('; ')}`);
    },
  };
}
