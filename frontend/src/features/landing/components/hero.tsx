import { useEffect, useState, useSyncExternalStore, type CSSProperties, type MouseEvent } from 'react';
import { scrollToSection } from '../../../lib/motion';
import diningArt from '../art/fine-dining.svg';
import jetArt from '../art/jet-at-dusk.svg';
import villaArt from '../art/villa-by-the-sea.svg';
import styles from './hero.module.css';
import { ArrowDownIcon } from './line-icons';

/** Spec: the hero background rotates through 3 images every 5 seconds. */
export const HERO_ROTATION_MS = 5000;

const SLIDES = [
  { src: jetArt, caption: 'Private Aviation', focus: '74% 50%' },
  { src: villaArt, caption: 'Exclusive Properties', focus: '80% 50%' },
  { src: diningArt, caption: 'Elite Dining', focus: '72% 50%' },
] as const;

const neverChanges = () => () => undefined;

export function Hero() {
  const [active, setActive] = useState(0);
  // The prerendered page holds the first picture only: the two others, hidden until their turn,
  // come with the script that turns them (nothing to fetch before the page has painted).
  const rotating = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  const slides = rotating ? SLIDES : SLIDES.slice(0, 1);

  useEffect(() => {
    const timer = window.setInterval(() => setActive((index) => (index + 1) % SLIDES.length), HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);

  const jump = (sectionId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToSection(sectionId);
  };

  return (
    <section id="hero" className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.backdrop} aria-hidden="true">
        {slides.map((slide, index) => (
          <img
            key={slide.src}
            src={slide.src}
            alt=""
            width={1600}
            height={1000}
            className={styles.slide}
            data-active={index === active || undefined}
            style={{ '--focus': slide.focus } as CSSProperties}
            fetchPriority={index === 0 ? 'high' : 'low'}
            decoding="async"
          />
        ))}
        <div className={styles.veil} />
      </div>

      <div className={`mf-container ${styles.content}`}>
        <p className={`mf-eyebrow ${styles.eyebrow}`}>A private members' club</p>
        <h1 id="hero-title" className={`mf-display ${styles.title}`}>
          The world, <em>privately</em> arranged.
        </h1>
        <p className={`mf-lede ${styles.lede}`}>
          Private jets, hidden villas and Michelin-starred tables, composed by a concierge who never sleeps. One
          membership, extended by invitation only.
        </p>
        <div className={styles.actions}>
          <a href="#access" className="mf-btn mf-btn--gold" onClick={jump('access')}>
            Request Early Access
          </a>
        </div>
      </div>

      <div className={styles.footer}>
        <ol className={styles.index} aria-hidden="true">
          {SLIDES.map((slide, index) => (
            <li key={slide.caption} data-active={index === active || undefined}>
              <span className={styles.indexNumber}>{String(index + 1).padStart(2, '0')}</span>
              <span className={styles.indexCaption}>{slide.caption}</span>
            </li>
          ))}
        </ol>
        <a href="#features" className={styles.scrollCue} onClick={jump('features')}>
          <span>Discover</span>
          <ArrowDownIcon className={styles.scrollArrow} />
          <span className="mf-sr-only">: scroll down to the privileges of membership</span>
        </a>
      </div>
    </section>
  );
}
