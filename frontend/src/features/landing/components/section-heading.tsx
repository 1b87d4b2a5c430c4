import type { ReactNode } from 'react';
import styles from './section-heading.module.css';

/** Eyebrow, display heading and an optional lede: the opening of every landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lede,
  align = 'start',
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lede?: ReactNode;
  align?: 'start' | 'center';
}) {
  return (
    <div className={`${styles.heading} ${align === 'center' ? styles.center : ''}`}>
      <p className="mf-eyebrow">{eyebrow}</p>
      <h2 id={id} className={`mf-display ${styles.title}`}>
        {title}
      </h2>
      {lede ? <p className={`mf-lede ${styles.lede}`}>{lede}</p> : null}
    </div>
  );
}
