import { DownloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@maison/shared';
import { Button, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { downloadUrl, useDownloadStatus } from '../api/data-requests';
import styles from './data-requests.module.css';

/** /your-data/download/{token}: the export's email link. The file comes from the api while the link lives. */
export function YourDataDownloadPage({ token }: { token: string }) {
  const brand = useBrand();
  const status = useDownloadStatus(token);

  if (status.isPending) {
    return (
      <main className={styles.page} aria-busy="true">
        <Spin />
      </main>
    );
  }

  if (status.isError) {
    const code = status.error instanceof ApiError ? status.error.code : null;
    const known = code === 'DATA_EXPORT_EXPIRED' || code === 'DATA_EXPORT_UNKNOWN';
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="download-refused" role="alert">
          <p className={styles.eyebrow}>{brand}</p>
          <hr className={styles.rule} />
          <h1 id="download-refused" className={styles.title}>
            {code === 'DATA_EXPORT_EXPIRED' ? 'This Download Has Expired' : 'Your Data'}
          </h1>
          <p className={styles.text}>
            {status.error instanceof ApiError && status.error.message ? status.error.message : 'Please try again.'}
          </p>
          {known ? (
            <Link to="/your-data" className={styles.link}>
              Ask for Your Data Again
            </Link>
          ) : (
            <Button type="primary" size="large" block onClick={() => void status.refetch()}>
              Try Again
            </Button>
          )}
        </section>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="download-title">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="download-title" className={styles.title}>
          Your Copy Is Ready
        </h1>
        <p className={styles.text}>
          One archive holds everything we keep about you, with a short guide to each file inside. For your privacy it
          can be downloaded until {formatDateTime(status.data.expiresAt)}, after which it is deleted.
        </p>
        <Button
          type="primary"
          size="large"
          block
          icon={<DownloadOutlined />}
          href={downloadUrl(token)}
          download={status.data.fileName}
        >
          Download Your Data
        </Button>
        <p className={styles.quiet}>{status.data.fileName}</p>
      </section>
    </main>
  );
}
