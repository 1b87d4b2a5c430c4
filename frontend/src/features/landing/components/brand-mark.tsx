import styles from './brand-mark.module.css';

/** The house mark: a monogram in a fine diamond, beside the brand name in spaced capitals. */
export function BrandMark({
  brand,
  size = 'md',
  wordmarkClassName = '',
}: {
  brand: string;
  size?: 'md' | 'lg';
  wordmarkClassName?: string;
}) {
  return (
    <span className={`${styles.mark} ${size === 'lg' ? styles.large : ''}`}>
      <span className={styles.monogram} aria-hidden="true">
        <svg viewBox="0 0 40 40" width="40" height="40">
          <path d="M20 1.5L38.5 20 20 38.5 1.5 20z" fill="none" stroke="currentColor" strokeWidth="0.8" />
          <path d="M20 5L35 20 20 35 5 20z" fill="none" stroke="currentColor" strokeWidth="0.4" opacity="0.6" />
        </svg>
        <span className={styles.initials}>{initials(brand)}</span>
      </span>
      <span className={`${styles.wordmark} ${wordmarkClassName}`}>{brand}</span>
    </span>
  );
}

export function initials(brand: string): string {
  const words = brand.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
