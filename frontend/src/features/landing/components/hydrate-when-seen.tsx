import { Activity, memo, use, type ComponentType, type ReactNode } from 'react';

/**
 * Takes a part of the prerendered landing page below the fold over only once it nears the
 * viewport, or once the browser is idle (one part per idle moment, in the page's order). React
 * then hydrates the page in short tasks, the header, the hero and the waitlist form first, instead
 * of one long task that keeps a slow phone from answering a tap. Until then the part is its
 * prerendered HTML, untouched: it reads and looks the same, and a link in it still works as a link.
 *
 * How: React hydrates each <Activity> boundary of the server's HTML on its own, after the rest,
 * and one whose content waits (`use` of a pending promise) keeps its HTML until the promise
 * settles. (A <Suspense> boundary would do the same, but the prerenderer sends a large one's HTML
 * after the page's, for a script to put in place.) The part is given as a component, not as
 * elements, so that nothing above it can give it new props, which React would answer by rendering
 * it afresh at once.
 *
 * `anchor` is the id of an element of the prerendered page whose coming into view means the part
 * is about to be seen (its own section, or the one just above it).
 */
export const HydrateWhenSeen = memo(function HydrateWhenSeen({
  anchor,
  part: Part,
}: {
  anchor: string;
  part: ComponentType;
}) {
  return (
    <Activity>
      <Gate anchor={anchor}>
        <Part />
      </Gate>
    </Activity>
  );
});

function Gate({ anchor, children }: { anchor: string; children: ReactNode }) {
  const seen = whenSeen(anchor);
  if (seen) use(seen);
  return children;
}

interface Wait {
  seen: Promise<void>;
  release: () => void;
  /** The anchor, until the wait is released. */
  element?: Element;
}

const waits = new Map<string, Wait>();
const byElement = new Map<Element, Wait>();
/** Waits to be released when the browser is next idle, in the page's order. */
const idleQueue: Wait[] = [];
let pumping = false;
let observer: IntersectionObserver | undefined;

/**
 * What the part waits for, or nothing: on the server, and when React renders the page afresh (a
 * visit from another page) rather than hydrating it, the anchor is not in the document yet.
 */
function whenSeen(anchor: string): Promise<void> | undefined {
  if (typeof document === 'undefined') return undefined;
  const known = waits.get(anchor);
  if (known) {
    if (known.element?.isConnected) return known.seen;
    // Hydrated already, or the visitor left before the part was seen: the page they come back to
    // is rendered afresh.
    known.release();
    return undefined;
  }
  const element = document.getElementById(anchor);
  if (!element) return undefined;
  let resolve = () => {};
  const wait: Wait = {
    seen: new Promise<void>((settle) => (resolve = settle)),
    release: () => {
      if (!wait.element) return;
      observer?.unobserve(wait.element);
      byElement.delete(wait.element);
      wait.element = undefined;
      resolve();
    },
    element,
  };
  waits.set(anchor, wait);
  byElement.set(element, wait);
  watch(wait, element);
  return wait.seen;
}

function watch(wait: Wait, element: Element) {
  if (typeof IntersectionObserver !== 'undefined') {
    // A quarter of a screen ahead, so that a scrolling visitor meets the part already hydrated.
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) byElement.get(entry.target)?.release();
      },
      { rootMargin: '25% 0px' },
    );
    observer.observe(element);
  }
  idleQueue.push(wait);
  if (!pumping) releaseWhenIdle();
}

function releaseWhenIdle() {
  pumping = true;
  whenIdle(() => {
    let next = idleQueue.shift();
    while (next && !next.element) next = idleQueue.shift();
    next?.release();
    if (idleQueue.length) releaseWhenIdle();
    else pumping = false;
  });
}

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else window.setTimeout(run, 50);
}
