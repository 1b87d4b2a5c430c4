import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { scrollToSection } from '../../../lib/motion';
import { BrandMark } from './brand-mark';
import styles from './site-header.module.css';
import { useScrolledPast } from './use-scrolled-past';

/** Spec: the header turns dark and blurred once the page is scrolled more than 50px. */
const SCROLLED_THRESHOLD = 50;

export function SiteHeader() {
  const brand = useBrand();
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const goTo = (sectionId: string) => (event?: MouseEvent) => {
    event?.preventDefault();
    setMenuOpen(false);
    scrollToSection(sectionId);
  };

  const closeMenu = () => setMenuOpen(false);

  const items = (
    <>
      <li>
        <Link to="/concierge-auth" className={styles.link} onClick={closeMenu}>
          Concierge
        </Link>
      </li>
      <li>
        <a href="#partners" className={styles.link} onClick={goTo('partners')}>
          Partners
        </a>
      </li>
      <li>
        <Link to="/admin" className={styles.link} onClick={closeMenu}>
          Admin
        </Link>
      </li>
      <li className={styles.ctaItem}>
        <button type="button" className={`mf-btn ${styles.cta}`} onClick={goTo('access')}>
          Request Access
        </button>
      </li>
    </>
  );

  return (
    <header className={styles.header} data-scrolled={scrolled || undefined} data-menu-open={menuOpen || undefined}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={`${brand}, home`} onClick={closeMenu}>
          <BrandMark brand={brand} wordmarkClassName={styles.wordmark} />
        </Link>

        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.list}>{items}</ul>
        </nav>

        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleLines} aria-hidden="true" />
        </button>
      </div>

      <nav id={menuId} aria-label="Main (mobile)" className={styles.mobileNav} inert={!menuOpen}>
        <ul className={styles.mobileList}>{items}</ul>
      </nav>
    </header>
  );
}
