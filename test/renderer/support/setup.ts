// Every renderer test file: Testing Library's waits (waitFor, findBy…) give up after 5 s, not 1 s.
// They poll a condition until it holds, so a quick machine pays nothing; a loaded one (the whole
// suite on two cores) no longer fails a test whose first render alone took over a second.
//
// The renderer's files share one worker, one jsdom window and the packages they load (React,
// Testing Library, TanStack Query: `isolate: false` in vitest.config.ts). This file runs before
// each of them, so each starts as a fresh page would, whichever file ran before it: the app's own
// modules loaded afresh (their zustand stores and module-level state, such as the last rate-limit
// notice, at their first state), no page content, no stored settings, the address at its start,
// jsdom's own element sizes and real timers.
import { cleanup, configure } from '@testing-library/react';
import { vi } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

cleanup();
vi.useRealTimers();
vi.restoreAllMocks();
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
window.location.hash = '';
// giveTablesASize (support/render.tsx) gives elements a size on HTMLElement.prototype; without it
// they read jsdom's (Element.prototype's) zero again.
for (const name of ['clientHeight', 'clientWidth'])
  if (Object.hasOwn(HTMLElement.prototype, name)) Reflect.deleteProperty(HTMLElement.prototype, name);
