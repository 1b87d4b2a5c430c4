import { useEffect, useRef, useState, type CSSProperties } from 'react';
import styles from './confetti-easter-egg.module.css';

/** Spec, section 9: typing 'm' then 'f' shows 100 gold and white dots falling for 3 to 5 seconds. */
export const CONFETTI_SEQUENCE = 'mf';
export const CONFETTI_DOTS = 100;
export const CONFETTI_MIN_MS = 3000;
export const CONFETTI_MAX_MS = 5000;

interface Dot {
  left: number;
  size: number;
  duration: number;
  delay: number;
  drift: number;
  gold: boolean;
}

function makeDots(): Dot[] {
  return Array.from({ length: CONFETTI_DOTS }, (_, index) => {
    const delay = Math.random() * 600;
    return {
      left: Math.random() * 100,
      size: 4 + Math.random() * 6,
      // Each dot falls for 3 to 5 s in all, counting its small head start.
      duration: CONFETTI_MIN_MS - delay + Math.random() * (CONFETTI_MAX_MS - CONFETTI_MIN_MS),
      delay,
      drift: (Math.random() - 0.5) * 160,
      gold: index % 2 === 0,
    };
  });
}

function isTypingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ConfettiEasterEgg() {
  const [burst, setBurst] = useState<{ id: number; dots: Dot[] } | null>(null);
  const typed = useRef('');

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Letters typed into the form are not a secret handshake.
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingInto(event.target)) return;
      typed.current = (typed.current + event.key.toLowerCase()).slice(-CONFETTI_SEQUENCE.length);
      if (typed.current === CONFETTI_SEQUENCE) {
        typed.current = '';
        setBurst({ id: Date.now(), dots: makeDots() });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!burst) return;
    const timer = window.setTimeout(() => setBurst(null), CONFETTI_MAX_MS);
    return () => window.clearTimeout(timer);
  }, [burst]);

  if (!burst) return null;

  return (
    <div key={burst.id} className={styles.layer} aria-hidden="true" data-testid="confetti">
      {burst.dots.map((dot, index) => (
        <span
          key={index}
          className={styles.dot}
          data-gold={dot.gold || undefined}
          style={
            {
              left: `${dot.left}%`,
              width: `${dot.size}px`,
              height: `${dot.size}px`,
              animationDuration: `${dot.duration}ms`,
              animationDelay: `${dot.delay}ms`,
              '--drift': `${dot.drift}px`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
