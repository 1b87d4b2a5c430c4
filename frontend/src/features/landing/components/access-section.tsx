import type { ReactNode } from 'react';
import styles from './access-section.module.css';
import { MemberCounter } from './member-counter';
import { Reveal } from './reveal';
import { SectionHeading } from './section-heading';

/** The waitlist section (#access). The form itself comes from the waitlist feature. */
export function AccessSection({ form }: { form: ReactNode }) {
  return (
    <section id="access" className={styles.section} aria-labelledby="access-title" tabIndex={-1}>
      <div className={`mf-container ${styles.layout}`}>
        <Reveal className={styles.copy}>
          <SectionHeading
            id="access-title"
            eyebrow="Early access"
            title={
              <>
                Request your <em>invitation</em>
              </>
            }
            lede="Membership opens by invitation, a few names at a time. Leave yours, and be among the first we call on when the doors open."
          />
          <MemberCounter />
        </Reveal>
        <Reveal delay={150}>
          <div className={styles.panel}>
            <span className={styles.corner} data-corner="tl" aria-hidden="true" />
            <span className={styles.corner} data-corner="br" aria-hidden="true" />
            {form}
          </div>
        </Reveal>
      </div>
    </section>
  );
}
