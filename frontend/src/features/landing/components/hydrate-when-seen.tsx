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
 * A tap, click, key or focus that lands in a part still waiting takes it over at once, with the
 * parts above it: the wait is settled (and marked so, which `use` reads without waiting) before
 * React's own listener sees the event, so React hydrates that part there and then and hands it the
 * event, instead of the tap landing on HTML that does not answer yet.
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

/** A promise `use` can read as settled without waiting, once its status says so. */
type Settleable = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

interface Wait {
  seen: Settleable;
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
  const seen: Settleable = new Promise<void>((settle) => (resolve = settle));
  const wait: Wait = {
    seen,
    release: () => {
      if (!wait.element) return;
      observer?.unobserve(wait.element);
      byElement.delete(wait.element);
      wait.element = undefined;
      seen.status = 'fulfilled';
      seen.value = undefined;
      resolve();
    },
    element,
  };
  waits.set(anchor, wait);
  byElement.set(element, wait);
  watch(wait, element);
  return wait.seen;
}

/** The events React hydrates a part for at once, when the part can be (see the top of this file). */
const INTERACTIONS = ['pointerdown', 'mousedown', 'touchstart', 'click', 'keydown', 'focusin'] as const;
let listening = false;

/** Releases the parts the event lands in, or below which it lands: the visitor is there. */
function releaseWhereTouched(event: Event) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, wait] of [...byElement]) {
    const before = element.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (element.contains(target) || before) wait.release();
  }
  if (byElement.size === 0) stopListening();
}

function stopListening() {
  for (const type of INTERACTIONS) window.removeEventListener(type, releaseWhereTouched, true);
  listening = false;
}

function watch(wait: Wait, element: Element) {
  if (!listening) {
    // On the window, in the capture phase: before React's listener on its root.
    for (const type of INTERACTIONS) window.addEventListener(type, releaseWhereTouched, true);
    listening = true;
  }
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
