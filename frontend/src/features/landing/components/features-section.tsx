import type { ReactNode } from 'react';
import diningArt from '../art/fine-dining.svg';
import jetArt from '../art/jet-at-dusk.svg';
import villaArt from '../art/villa-by-the-sea.svg';
import styles from './features-section.module.css';
import { ClocheIcon, ConciergeIcon, JetIcon, VillaIcon } from './line-icons';
import { Reveal } from './reveal';
import { SectionHeading } from './section-heading';

interface Privilege {
  numeral: string;
  title: string;
  text: string;
  icon: ReactNode;
  art?: { src: string; focus: string };
}

const PRIVILEGES: Privilege[] = [
  {
    numeral: 'I',
    title: 'Private Aviation',
    text: 'Jets bookable with as little as 6 hours notice, from a quiet terminal to wherever the day should end.',
    icon: <JetIcon />,
    art: { src: jetArt, focus: '66% 50%' },
  },
  {
    numeral: 'II',
    title: 'Exclusive Properties',
    text: 'Villas, chalets and penthouses in the most coveted addresses, many never offered publicly.',
    icon: <VillaIcon />,
    art: { src: villaArt, focus: '74% 50%' },
  },
  {
    numeral: 'III',
    title: 'Elite Dining',
    text: 'Michelin-starred tables when the book is closed, and private chefs who come to you.',
    icon: <ClocheIcon />,
    art: { src: diningArt, focus: '66% 50%' },
  },
  {
    numeral: 'IV',
    title: '24/7 Digital Concierge',
    text: 'Every arrangement above, and whatever else the moment calls for, handled at any hour of any day.',
    icon: <ConciergeIcon />,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className={styles.section} aria-labelledby="features-title" tabIndex={-1}>
      <div className="mf-container">
        <Reveal className={styles.intro}>
          <SectionHeading
            id="features-title"
            eyebrow="The privileges"
            title="Extraordinary Access"
            lede="One membership opens the doors that are usually closed: in the air, behind the gates and at the table."
          />
        </Reveal>

        <ul className={styles.grid}>
          {PRIVILEGES.map((privilege, index) => (
            <li key={privilege.title}>
              <Reveal delay={index * 120} className={styles.cardReveal}>
                <article className={styles.card}>
                  <div className={styles.art} aria-hidden="true">
                    {privilege.art ? (
                      <img
                        src={privilege.art.src}
                        alt=""
                        loading="lazy"
                        style={{ objectPosition: privilege.art.focus }}
                      />
                    ) : (
                      <div className={styles.clockArt}>
                        <span className={styles.clockFace}>24/7</span>
                      </div>
                    )}
                  </div>
                  <div className={styles.body}>
                    <div className={styles.meta}>
                      <span className={styles.icon}>{privilege.icon}</span>
                      <span className={styles.numeral}>{privilege.numeral}</span>
                    </div>
                    <h3 className={styles.title}>{privilege.title}</h3>
                    <p className={styles.text}>{privilege.text}</p>
                  </div>
                </article>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
