import { KeyIcon } from './line-icons';
import { MEMBERSHIP_TIERS } from './membership-tiers';
import { Reveal } from './reveal';
import { SectionHeading } from './section-heading';
import styles from './tiers-section.module.css';

export function TiersSection() {
  return (
    <section id="tiers" className={styles.section} aria-labelledby="tiers-title">
      <div className="mf-container">
        <Reveal>
          <SectionHeading
            id="tiers-title"
            eyebrow="Membership"
            title={
              <>
                Four tiers, <em>one standard</em>
              </>
            }
            lede="Every membership is extended personally. Choose the rhythm that suits your life; the standard of service never changes."
            align="center"
          />
        </Reveal>

        <ul className={styles.grid}>
          {MEMBERSHIP_TIERS.map((tier, index) => (
            <li key={tier.name} className={styles.item}>
              <Reveal delay={index * 110} className={styles.cardReveal}>
                <article
                  className={`${styles.card} ${tier.name === 'Black' ? styles.black : ''}`}
                  aria-labelledby={`tier-${tier.name}`}
                >
                  <p className={styles.badge}>{tier.badge}</p>
                  <h3 id={`tier-${tier.name}`} className={styles.name}>
                    {tier.name}
                  </h3>
                  <span className={styles.rule} aria-hidden="true" />
                  <ul className={styles.features}>
                    {tier.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <p className={styles.status}>
                    <KeyIcon className={styles.statusIcon} />
                    {tier.status}
                  </p>
                </article>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
