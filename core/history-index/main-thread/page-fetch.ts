// A page of a sync's walk on its way, and the page after it asked for early. Over a real network
// a page of 200 operations with their transactions takes a while to arrive after its first bytes;
// its `next` link is in those first bytes, so the next request can travel, and the server work on
// it, while the rest of this page downloads (walk-cursor.ts earlyNext, read where the page
// arrives). At most one page runs ahead of the page the walk reads: a page not yet read starts no
// request of its own until the walk takes it up (lead), so a slow index never lets the walk fetch
// the whole history into memory. A page abandoned after it arrived is let go (`release`).

/** Where a walk's pages come from: a page (T) from `cursor` (null: 410 before_history); `onEarly` is told the next page's cursor as soon as the page's start names it. */
export interface PageSource<T> {
  fetch(cursor: string | undefined, signal: AbortSignal, onEarly: (cursor: string) => void): Promise<T | null>;
  /** Lets a page go that the walk will not read (the index worker holds it). */
  release(page: T): void;
}

export class PageFetch<T> {
  readonly page: Promise<T | null>;
  private readonly controller = new AbortController();
  /** The cursor this page's `next` link named early, once enough of it has arrived. */
  private early: string | null = null;
  private following: PageFetch<T> | null = null;
  private leading = false;

  constructor(
    readonly cursor: string | undefined,
    private readonly source: PageSource<T>,
    private readonly signal: AbortSignal,
  ) {
    const abort = () => this.controller.abort();
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    const onEarly = (next: string) => {
      this.early = next;
      this.askAhead();
    };
    this.page = source
      .fetch(cursor, this.controller.signal, onEarly)
      .finally(() => signal.removeEventListener('abort', abort));
    // Awaited only if the walk reads this page; a failure of one it abandons must not go unhandled.
    this.page.catch(() => undefined);
  }

  /** The walk reads this page now: the page after it may be asked for as soon as its cursor is known. */
  lead(): this {
    this.leading = true;
    this.askAhead();
    return this;
  }

  /**
   * The page after this one, from `cursor` (what the whole page's bytes say comes next; null for
   * none): the one asked for early when it has that cursor, else a new request.
   */
  next(cursor: string | null): PageFetch<T> | null {
    if (this.following && this.following.cursor !== cursor) {
      this.following.abandon();
      this.following = null;
    }
    if (cursor !== null) this.following ??= new PageFetch(cursor, this.source, this.signal);
    return this.following;
  }

  /** Stops this request and any asked for after it; a page that arrives, or has arrived, is let go. */
  abandon(): void {
    this.following?.abandon();
    this.controller.abort();
    this.page.then(
      (page) => page !== null && this.source.release(page),
      () => undefined,
    );
  }

  private askAhead(): void {
    if (this.leading && this.early !== null && !this.following && !this.signal.aborted) {
      this.following = new PageFetch(this.early, this.source, this.signal);
    }
  }
}
