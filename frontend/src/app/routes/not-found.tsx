import { Link } from 'react-router-dom';
import styles from './not-found.module.css';

export function NotFoundRoute() {
  return (
    <main className={styles.page}>
      <p className="mf-eyebrow">Error 404</p>
      <h1 className={`mf-display ${styles.title}`}>404 Page Not Found</h1>
      <p className={styles.text}>Did you forget to add the page to the router?</p>
      <Link to="/" className="mf-btn">
        Return home
      </Link>
    </main>
  );
}
