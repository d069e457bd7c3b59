// The keyboard: SHORTCUTS is the one list of every key the app answers, shown by "?" (the
// shortcuts dialog); the global handler below answers the ones that work anywhere. Tables answer
// their own keys (components/virtual-table-hooks.ts), pages register their action for the keys
// listed under them (usePageShortcut), and dialogs close on Escape (components/modal-backdrop.tsx).
import { useEffect } from 'react';
import { create } from 'zustand';
import { href, navigate, type Page } from './router';
import { useUi } from './store';

export interface Shortcut {
  /** The keys as shown, each in a <kbd>. */
  keys: string[];
  /** How the keys go together: pressed at once ("+"), one after the other ("then"), or either ("/"). */
  join: '+' | 'then' | '/';
  what: string;
  where: 'Anywhere' | 'Tables' | 'Dialogs' | 'Submit page';
}

/** "g" then one of these opens the page. */
const PAGE_KEYS: Record<string, { page: Page; name: string }> = {
  e: { page: 'explore', name: 'Explore' },
  l: { page: 'live', name: 'Live' },
  s: { page: 'submit', name: 'Submit' },
  w: { page: 'history', name: 'the Workbench' },
  ',': { page: 'settings', name: 'Settings' },
};

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Ctrl/⌘', 'K'], join: '+', what: 'Go to an id, a hash or a named account', where: 'Anywhere' },
  { keys: ['?'], join: '+', what: 'List these keys', where: 'Anywhere' },
  ...Object.entries(PAGE_KEYS).map(([key, { name }]): Shortcut => ({
    keys: ['g', key],
    join: 'then',
    what: `Open ${name}`,
    where: 'Anywhere',
  })),
  { keys: ['Tab', 'Shift+Tab'], join: '/', what: 'Next / previous link, button or field', where: 'Anywhere' },
  { keys: ['j', '↓'], join: '/', what: 'Next row (with nothing focused: into the first table)', where: 'Tables' },
  { keys: ['k', '↑'], join: '/', what: 'Previous row', where: 'Tables' },
  { keys: ['PageDown', 'PageUp'], join: '/', what: 'A screen of rows down / up', where: 'Tables' },
  { keys: ['Home', 'End'], join: '/', what: 'First / last row', where: 'Tables' },
  { keys: ['Enter'], join: '+', what: 'Open the row', where: 'Tables' },
  { keys: ['Esc'], join: '+', what: 'Close the dialog or the drawer', where: 'Dialogs' },
  { keys: ['Ctrl/⌘', 'Enter'], join: '+', what: 'Submit the inspected transaction', where: 'Submit page' },
];

/** Whether the shortcuts dialog ("?") is open. */
export const useShortcutsDialog = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Actions pages register for the keys listed under them. */
type PageAction = 'submit';
const pageActions = new Map<PageAction, () => void>();

/** While the calling page is mounted, its listed key (Ctrl/⌘+Enter for 'submit') runs `action`. */
export function usePageShortcut(id: PageAction, action: () => void): void {
  useEffect(() => {
    pageActions.set(id, action);
    return () => {
      if (pageActions.get(id) === action) pageActions.delete(id);
    };
  }, [id, action]);
}

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
}

function inDialog(target: EventTarget | null): boolean {
  return !!(target as HTMLElement | null)?.closest?.('[role="dialog"]');
}

/** Ctrl/⌘ + a key: go to (K) anywhere, submit (Enter) on the Submit page, from a field too. */
function withModifier(event: KeyboardEvent): boolean {
  const key = event.key.toLowerCase();
  if (key === 'k') {
    event.preventDefault();
    useUi.getState().setGotoOpen(true);
    return true;
  }
  const submit = pageActions.get('submit');
  if (key === 'enter' && submit && !inDialog(event.target) && !useUi.getState().gotoOpen) {
    event.preventDefault();
    submit();
    return true;
  }
  return false;
}

export function useGlobalKeys(): void {
  useEffect(() => {
    let pendingG = 0;
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && withModifier(event)) return;
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || useUi.getState().gotoOpen) return;
      if (event.key === '?') {
        event.preventDefault();
        useShortcutsDialog.getState().setOpen(true);
        return;
      }
      if (event.key === 'g') {
        pendingG = Date.now();
        return;
      }
      const page = PAGE_KEYS[event.key];
      if (pendingG && Date.now() - pendingG < 1500 && page) {
        pendingG = 0;
        navigate(href(page.page));
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
