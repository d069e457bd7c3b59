import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../core/app/dispatch';
import { CoreError } from '../../core/app/errors';

const networks = { profiles: [], selectedId: 'local' };
const handlers: Handlers = {
  'app:info': async () => ({ name: 'Ledgerscope', version: '0.0.0', host: 'web' }),
  'network:list': async () => networks,
  'network:select': async ({ id }) => {
    if (id !== 'local') throw new CoreError('not_found', `There is no network profile "${id}".`);
    return { selectedId: id };
  },
  'network:health': async () => {
    throw new Error('socket hang up');
  },
} as Partial<Handlers> as Handlers;
const dispatch = createDispatcher(handlers);

describe('dispatch', () => {
  it('answers a valid call with its value', async () => {
    expect(await dispatch('network:select', { id: 'local' })).toEqual({ ok: true, value: { selectedId: 'local' } });
  });

  it('turns a thrown CoreError into a typed error', async () => {
    expect(await dispatch('network:select', { id: 'mars' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'There is no network profile "mars".' },
    });
  });

  it('turns an unexpected error into an internal error without a stack', async () => {
    const reply = await dispatch('network:health', {});
    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'socket hang up' } });
  });

  it.each([
    ['nope:nothing', {}, 'unknown_channel'],
    ['__proto__', {}, 'unknown_channel'],
    ['constructor', {}, 'unknown_channel'],
    [42, {}, 'unknown_channel'],
    [null, {}, 'unknown_channel'],
    ['network:select', { id: 5 }, 'invalid_arguments'],
    ['network:select', {}, 'invalid_arguments'],
    ['network:select', { id: 'x'.repeat(10_000) }, 'invalid_arguments'],
    ['network:select', { id: 'local', extra: true }, 'invalid_arguments'],
    ['network:select', 'local', 'invalid_arguments'],
    ['network:select', { id: 'y'.repeat(2_000_000) }, 'too_large'],
  ])('refuses %j with %j as %s', async (channel, args, code) => {
    const reply = await dispatch(channel, args);
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.code).toBe(code);
    expect(!reply.ok && reply.error.message.length).toBeLessThan(300);
  });

  it('keeps answering after hostile input', async () => {
    await dispatch('network:select', { id: { toString: null } });
    expect(await dispatch('app:info', {})).toMatchObject({ ok: true });
  });
});
