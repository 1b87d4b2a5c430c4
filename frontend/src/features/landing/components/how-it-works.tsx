import styles from './how-it-works.module.css';
import { Reveal } from './reveal';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Browse',
    text: 'Explore jets, residences, tables and experiences, each one vetted and ready to be arranged.',
  },
  {
    title: 'Book',
    text: 'A single tap is all it takes. Confirmation is instant; the details are ours to handle.',
  },
  {
    title: 'Experience',
    text: 'Arrive and simply enjoy. Your preferences are remembered, so every journey begins as you like it.',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className={styles.section} aria-labelledby="how-title">
      <div className="mf-container">
        <div className={styles.layout}>
          <Reveal className={styles.heading}>
            <SectionHeading
              id="how-title"
              eyebrow="The ritual"
              title="How It Works"
              lede="Three quiet steps between a wish and the moment it is waiting for you."
            />
          </Reveal>
          <ol className={styles.steps}>
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <Reveal delay={index * 140} className={styles.step}>
                  <span className={styles.number} aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <div>
                    <h3 className={styles.title}>{step.title}</h3>
                    <p className={styles.text}>{step.text}</p>
                  </div>
                </Reveal>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
