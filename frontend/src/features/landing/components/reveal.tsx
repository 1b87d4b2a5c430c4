import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../../lib/motion';
import styles from './reveal.module.css';

/**
 * Fades its content in, once, when it comes within 85% of the viewport height (spec section 2).
 * Without IntersectionObserver, or when the visitor prefers reduced motion, content is simply shown.
 */
export function Reveal({
  children,
  className = '',
  delay = 0,
}: {
  children: ReactNode;
  className?: string;
  delay?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  // Hidden at first on the server and in the browser alike (the prerendered page hydrates without
  // a difference, then shows it at once where nothing can observe it); index.html shows it to a
  // visitor without JavaScript.
  const unobservable = useSyncExternalStore(neverChanges, cannotObserve, () => false);
  const shown = seen || unobservable;

  useEffect(() => {
    const node = ref.current;
    if (shown || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      // Shrinking the viewport's bottom by 15% makes "intersecting" mean "within 85% of its height".
      { rootMargin: '0px 0px -15% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <div
      ref={ref}
      className={`${styles.reveal} ${className}`}
      data-reveal
      data-shown={shown || undefined}
      style={{ '--reveal-delay': `${delay}ms` } as CSSProperties}
    >
      {children}
    </div>
  );
}

const neverChanges = () => () => undefined;

function cannotObserve(): boolean {
  return typeof IntersectionObserver === 'undefined' || prefersReducedMotion();
}
