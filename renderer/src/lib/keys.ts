// Global keys: Ctrl/Cmd+K opens the go-to box; j/k with nothing focused go to the first table;
// "g" then e/l/s/w/, switches pages.
import { useEffect } from 'react';
import { href, navigate } from './router';
import { useUi } from './store';

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
}

const PAGE_KEYS: Record<string, string> = { e: 'explore', l: 'live', s: 'submit', w: 'history', ',': 'settings' };

export function useGlobalKeys(): void {
  useEffect(() => {
    let pendingG = 0;
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        useUi.getState().setGotoOpen(true);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || useUi.getState().gotoOpen) return;
      if (event.key === 'g') {
        pendingG = Date.now();
        return;
      }
      if (pendingG && Date.now() - pendingG < 1500 && PAGE_KEYS[event.key]) {
        pendingG = 0;
        navigate(href(PAGE_KEYS[event.key] as 'explore'));
        return;
      }
      pendingG = 0;
      const inTable = (event.target as HTMLElement | null)?.closest?.('[data-table]');
      if ((event.key === 'j' || event.key === 'k') && !inTable) {
        const table = document.querySelector<HTMLElement>('[data-table]');
        if (table) {
          event.preventDefault();
          table.focus();
          table.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, bubbles: true }));
        }
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Applies the theme setting: 'system' follows prefers-color-scheme through CSS. */
export function useTheme(): void {
  const theme = useUi((state) => state.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
