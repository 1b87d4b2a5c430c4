import { vi } from 'vitest';

/**
 * What Ant Design's overlays, grids and the pages' layouts ask of the browser and jsdom lacks
 * (tests only; installed for every test by setup.ts): ResizeObserver, and matchMedia answering for
 * a viewport width the test chooses (1440 px unless it says otherwise).
 */
let viewportWidth = 1440;

/** The width media queries are answered for (768 and up is the desktop layout). */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

/** Width queries answer for the chosen width; any other feature (reduced motion, dark scheme...) is off. */
function matches(query: string): boolean {
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!max && !min) return false;
  return (!max || viewportWidth <= Number(max[1])) && (!min || viewportWidth >= Number(min[1]));
}

window.matchMedia = (query: string) =>
  ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Collects Ant Design's deprecation warnings, so a test can insist there are none. */
export function watchDeprecations(): string[] {
  const seen: string[] = [];
  for (const method of ['error', 'warn'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/deprecated/i.test(text)) seen.push(text);
      else original(...args);
    });
  }
  return seen;
}
