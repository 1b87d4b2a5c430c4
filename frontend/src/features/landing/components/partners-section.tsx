import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { HandshakeIcon, StarBurstIcon } from './line-icons';
import styles from './partners-section.module.css';
import { Reveal } from './reveal';
import { SectionHeading } from './section-heading';

const VENDOR_APPLICATION_PATH = '/vendor-apply';

interface PartnerCard {
  title: string;
  text: string;
  action: string;
  icon: ReactNode;
}

const CARDS: PartnerCard[] = [
  {
    title: 'Exclusive Service Providers',
    text: 'Aviation operators, residences, restaurants and ateliers who hold themselves to the same standard of service and discretion as we do.',
    action: 'Apply Now',
    icon: <HandshakeIcon />,
  },
  {
    title: 'Event & Experience Partners',
    text: 'Curators of private events, cultural access and once-in-a-lifetime moments, composed for a small and discerning membership.',
    action: 'Become a Partner',
    icon: <StarBurstIcon />,
  },
];

export function PartnersSection() {
  const brand = useBrand();
  const navigate = useNavigate();

  return (
    <section id="partners" className={styles.section} aria-labelledby="partners-title" tabIndex={-1}>
      <div className="mf-container">
        <Reveal>
          <SectionHeading
            id="partners-title"
            eyebrow="Partnerships"
            title={
              <>
                Partner with <em>{brand}</em>
              </>
            }
            lede="We work with a small circle of the world's finest houses and makers. If your craft is exceptional, we would be glad to hear from you."
            align="center"
          />
        </Reveal>
        <ul className={styles.grid}>
          {CARDS.map((card, index) => (
            <li key={card.title}>
              <Reveal delay={index * 140} className={styles.cardReveal}>
                <article className={styles.card} aria-labelledby={`partner-${index}`}>
                  <span className={styles.icon}>{card.icon}</span>
                  <h3 id={`partner-${index}`} className={styles.title}>
                    {card.title}
                  </h3>
                  <p className={styles.text}>{card.text}</p>
                  <button type="button" className="mf-btn" onClick={() => navigate(VENDOR_APPLICATION_PATH)}>
                    {card.action}
                  </button>
                </article>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
