// The few browser globals the benchmarks' in-page functions use, typed without the DOM library
// (the Node TypeScript project has none). Functions run in the page cast globalThis to this.
export interface PageElement {
  scrollTop: number;
  textContent: string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}

export interface PageGlobals {
  document: PageElement;
  requestAnimationFrame(callback: (now: number) => void): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean }): void;
  };
  ledgerscope?: unknown;
  __rowSeen: Record<string, number>;
}
