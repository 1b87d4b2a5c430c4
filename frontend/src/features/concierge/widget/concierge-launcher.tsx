import { lazy, Suspense, useRef, useState } from 'react';
import styles from './launcher.module.css';

const loadWidget = () => import('./concierge-widget');
const ConciergeWidget = lazy(() => loadWidget().then((m) => ({ default: m.ConciergeWidget })));

/**
 * The floating concierge's open button (the spec does not show one): small, in the house's gold
 * line, reachable by keyboard. The widget, its Markdown and its pictures load on the first open
 * (or a moment before, when the pointer or focus reaches the button).
 */
export function ConciergeLauncher() {
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const prefetch = () => void loadWidget().catch(() => undefined);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.launcher}
        aria-label="Ask the concierge"
        title="Ask the concierge"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="concierge-launcher"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 32 32" aria-hidden="true" className={styles.icon}>
          <path d="M6 22h20M8 22a8 8 0 0 1 16 0M16 14v-2M14 12h4M4 25h24" />
        </svg>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ConciergeWidget
            open={open}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
