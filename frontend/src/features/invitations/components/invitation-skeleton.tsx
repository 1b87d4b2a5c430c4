import { useBrand } from '../../../app/config';
import { Skeleton } from '../../../lib/ui/skeleton';
import { Flourish } from './flourish';
import styles from './invitation.module.css';

/** The card as it will stand, with its words still on their way: the guest sees the frame at once. */
export function InvitationSkeleton({ label = 'Loading your invitation' }: { label?: string }) {
  const brand = useBrand();
  return (
    <main className={styles.page} aria-busy="true">
      <article className={styles.card}>
        <div className={styles.cardInner}>
          <p className={styles.brand}>{brand}</p>
          <Flourish />
          <Skeleton title lines={4} align="center" label={label} />
          <Flourish />
        </div>
      </article>
    </main>
  );
}
