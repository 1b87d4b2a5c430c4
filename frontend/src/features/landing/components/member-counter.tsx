import { useEffect, useState } from 'react';
import styles from './member-counter.module.css';

/** Spec, section 9: starts at 197; every 10 seconds a 30% chance that it rises by one. */
export const MEMBER_COUNT_START = 197;
export const MEMBER_COUNT_TICK_MS = 10_000;
export const MEMBER_COUNT_RISE_CHANCE = 0.3;

/** Digits grouped in thousands and separated by dots: 1234567 -> "1.234.567". */
export function formatMemberCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function useMemberCount(): number {
  const [count, setCount] = useState(MEMBER_COUNT_START);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (Math.random() < MEMBER_COUNT_RISE_CHANCE) setCount((current) => current + 1);
    }, MEMBER_COUNT_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return count;
}

export function MemberCounter() {
  const count = useMemberCount();
  return (
    <figure className={styles.counter}>
      <span className={styles.number} data-testid="member-count">
        {formatMemberCount(count)}
      </span>
      <figcaption className={styles.caption}>distinguished members await your arrival</figcaption>
    </figure>
  );
}
