import { Link } from 'react-router-dom';
import { EyeOffIcon, KeyIcon, ShieldIcon } from './line-icons';
import styles from './privacy-pledge.module.css';
import { Reveal } from './reveal';
import { SectionHeading } from './section-heading';

const PROMISES = [
  {
    icon: <ShieldIcon />,
    title: 'Never sold, never shared',
    text: 'Your details are not sold, rented or passed to advertisers. Not now, not ever.',
  },
  {
    icon: <EyeOffIcon />,
    title: 'Seen by few',
    text: 'Only the people arranging your request see what they need to fulfil it.',
  },
  {
    icon: <KeyIcon />,
    title: 'Yours to withdraw',
    text: 'Ask us to forget you at any time, and your details are removed.',
    action: { label: 'Your data', to: '/your-data' },
  },
];

export function PrivacyPledge() {
  return (
    <section id="privacy" className={styles.section} aria-labelledby="privacy-title">
      <div className="mf-container">
        <Reveal>
          <div className={styles.seal} aria-hidden="true">
            <svg viewBox="0 0 120 120" width="120" height="120">
              <defs>
                <path id="seal-ring" d="M60 60 m-46 0 a46 46 0 1 1 92 0 a46 46 0 1 1 -92 0" />
              </defs>
              <circle cx="60" cy="60" r="58" fill="none" stroke="currentColor" strokeWidth="0.6" />
              <circle cx="60" cy="60" r="36" fill="none" stroke="currentColor" strokeWidth="0.6" />
              <text fontSize="7.5" fill="currentColor">
                <textPath href="#seal-ring" textLength="286" lengthAdjust="spacing">
                  DISCRETION · PRIVACY · TRUST ·
                </textPath>
              </text>
              <path d="M60 42l14 18-14 18-14-18z" fill="none" stroke="currentColor" strokeWidth="0.8" />
            </svg>
          </div>
          <SectionHeading
            id="privacy-title"
            eyebrow="Our privacy pledge"
            title={
              <>
                Discretion is the <em>first</em> luxury
              </>
            }
            lede="What you share with us is held in confidence. It is the promise on which every other one rests."
            align="center"
          />
        </Reveal>
        <ul className={styles.promises}>
          {PROMISES.map((promise, index) => (
            <li key={promise.title}>
              <Reveal delay={index * 120} className={styles.promise}>
                <span className={styles.icon}>{promise.icon}</span>
                <h3 className={styles.title}>{promise.title}</h3>
                <p className={styles.text}>{promise.text}</p>
                {'action' in promise && promise.action ? (
                  <Link to={promise.action.to} className={styles.action}>
                    {promise.action.label}
                  </Link>
                ) : null}
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
