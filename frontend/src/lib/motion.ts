/** The spec's offset for in-page jumps: clears the fixed header. */
export const SECTION_SCROLL_OFFSET = 100;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Smoothly scrolls so the section's top sits `offset` px below the top of the viewport. */
export function scrollToSection(id: string, offset = SECTION_SCROLL_OFFSET): void {
  const target = document.getElementById(id);
  if (!target) return;
  const aim = () => {
    const top = target.getBoundingClientRect().top + window.scrollY - offset;
    window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };
  aim();
  // Web fonts still arriving (a slow connection, a first visit) reflow the sections above the
  // target when they swap in, tens of pixels: aim again once they are all in.
  if (document.fonts?.status === 'loading') void document.fonts.ready.then(aim);
  // Move keyboard focus along with the view; sections opt in with tabIndex={-1}.
  if (target.tabIndex === -1) target.focus({ preventScroll: true });
}
