/** What Ant Design's Grid, Table and Tabs ask of the browser and jsdom lacks (tests only). */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width:\s*(\d+)/.test(query) ? Number(/min-width:\s*(\d+)/.exec(query)![1]) <= 1024 : false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
export {};
