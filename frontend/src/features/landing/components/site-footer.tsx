import { Link } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { BrandMark } from './brand-mark';
import { InstagramIcon, LinkedInIcon } from './line-icons';
import styles from './site-footer.module.css';

/** The spec lists Privacy Policy, Terms of Service and two social links as placeholders without a destination. */
export function SiteFooter() {
  const brand = useBrand();
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={`mf-container ${styles.top}`}>
        <div className={styles.identity}>
          <Link to="/" className={styles.home} aria-label={`${brand}, home`}>
            <BrandMark brand={brand} size="lg" />
          </Link>
          <p className={styles.tagline}>A private members' club. By invitation only.</p>
        </div>

        <nav aria-label="Footer" className={styles.nav}>
          <ul className={styles.links}>
            <li>
              <button type="button" className={styles.placeholder} aria-disabled="true" title="Coming soon">
                Privacy Policy
              </button>
            </li>
            <li>
              <button type="button" className={styles.placeholder} aria-disabled="true" title="Coming soon">
                Terms of Service
              </button>
            </li>
          </ul>
          <ul className={styles.social}>
            <li>
              <button
                type="button"
                className={styles.socialLink}
                aria-disabled="true"
                aria-label="Instagram (coming soon)"
                title="Instagram (coming soon)"
              >
                <InstagramIcon />
              </button>
            </li>
            <li>
              <button
                type="button"
                className={styles.socialLink}
                aria-disabled="true"
                aria-label="LinkedIn (coming soon)"
                title="LinkedIn (coming soon)"
              >
                <LinkedInIcon />
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className={`mf-container ${styles.bottom}`}>
        <p>
          © {year} {brand}. All rights reserved.
        </p>
        <p>Membership is extended by invitation only.</p>
      </div>
    </footer>
  );
}
