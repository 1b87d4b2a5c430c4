/**
 * Pages rendered on the server, kept a few seconds each so that a page asked for again (a reload,
 * a guest opening the link twice, a client asking in a loop) costs a look-up instead of a render.
 * A page is kept with the answer it was rendered from (`version`, e.g. the invitation's view as
 * JSON): asked for with another one (the RSVP changed), it is rendered again at once, so a kept
 * page is never older than its data, in this process or any other. Bounded in time and count, so
 * codes asked for once never pile up. One per process, in memory: a page is private to its guest,
 * no shared cache may keep it.
 */
export class RecentPages<Page> {
  private readonly entries = new Map<string, { version: string; until: number; page: Promise<Page> }>();

  constructor(
    private readonly keepMs: number,
    private readonly most: number,
  ) {}

  /**
   * The page of `key` rendered from `version`: the one kept, or `render()`'s, kept from now on.
   * Requests that come while it renders share the render; a render that fails is not kept.
   */
  get(key: string, version: string, render: () => Promise<Page>): Promise<Page> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.version === version && kept.until > now) return kept.page;
    this.entries.delete(key);
    this.forgetOld(now);
    const entry = { version, until: now + this.keepMs, page: render() };
    this.entries.set(key, entry);
    entry.page.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.page;
  }

  /** Entries are in the order they were kept, so the expired ones, and then the oldest, come first. */
  private forgetOld(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.until > now && this.entries.size < this.most) break;
      this.entries.delete(key);
    }
  }
}
