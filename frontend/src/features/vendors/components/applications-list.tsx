import { CheckOutlined, CloseOutlined, GlobalOutlined } from '@ant-design/icons';
import { formatDate } from '@maison/shared';
import { Alert, Button, Pagination, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { APPLICATIONS_PAGE_SIZE, useDecideApplication, useVendorApplications } from '../api/admin-vendors';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import type { ApplicationStatus, VendorApplication } from '../api/types';
import styles from './vendors.module.css';

const STATUS_COLOR: Record<ApplicationStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

function label(category: string): string {
  return category.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

function ApplicationCard({ application }: { application: VendorApplication }) {
  const decide = useDecideApplication();
  const busy = decide.isPending;
  const act = (status: 'approved' | 'rejected') =>
    // The spec shows nothing on failure; it is only logged.
    decide.mutate(
      { id: application.id, status },
      { onError: (error) => console.error('Failed to decide application', error) },
    );

  return (
    <article className={styles.application} data-testid="vendor-application">
      <header className={styles.applicationHead}>
        <div>
          <h4 className={styles.cardTitle}>{application.name}</h4>
          <span className={styles.muted}>Submitted {formatDate(application.createdAt)}</span>
        </div>
        <Tag color={STATUS_COLOR[application.status]} className={styles.badge}>
          {application.status}
        </Tag>
      </header>
      <div className={styles.applicationBody}>
        <section>
          <h5 className={styles.eyebrow}>Business Details</h5>
          <p className={styles.description}>{application.description}</p>
          <p>
            {application.address}, {application.city}, {application.state} {application.zipCode}
          </p>
          <Space size={[4, 4]} wrap>
            {application.categories.map((c) => (
              <Tag key={c}>{label(c)}</Tag>
            ))}
          </Space>
        </section>
        <section>
          <h5 className={styles.eyebrow}>Contact Details</h5>
          <p>
            {application.contactName}
            {application.contactTitle ? `, ${application.contactTitle}` : ''}
          </p>
          <p>
            <a href={`mailto:${application.email}`}>
              <EmailText email={application.email} />
            </a>
          </p>
          <p>
            <a href={`tel:${application.phone}`}>{application.phone}</a>
          </p>
          {application.website && (
            <p>
              <a href={application.website} target="_blank" rel="noopener noreferrer">
                <GlobalOutlined /> {application.website}
              </a>
            </p>
          )}
        </section>
      </div>
      {application.additionalInfo && (
        <section className={styles.applicationExtra}>
          <h5 className={styles.eyebrow}>Additional Information</h5>
          <p>{application.additionalInfo}</p>
        </section>
      )}
      {application.status === 'pending' ? (
        <footer className={styles.applicationActions}>
          <Button icon={<CloseOutlined />} danger disabled={busy} onClick={() => act('rejected')}>
            Reject
          </Button>
          <Button type="primary" icon={<CheckOutlined />} disabled={busy} onClick={() => act('approved')}>
            Approve
          </Button>
        </footer>
      ) : (
        <footer className={styles.applicationOutcome}>
          <p>
            <span className={styles.eyebrow}>Admin Notes</span> {application.adminNotes || 'No notes provided'}
          </p>
          <p className={application.status === 'approved' ? styles.approved : styles.rejected}>
            {application.status === 'approved' ? 'Approved and added to vendor directory' : 'Application rejected'}
          </p>
        </footer>
      )}
    </article>
  );
}

/** Vendor applications under the vendor grid: pending ones can be approved or rejected. */
export function ApplicationsList() {
  const [page, setPage] = useState(1);
  const query = useVendorApplications(page);
  const applications = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
  if (query.data && page > lastPage) setPage(lastPage);
  return (
    <section className={styles.section} aria-labelledby="vendor-applications-title">
      <div className={styles.sectionHead}>
        <h3 id="vendor-applications-title" className={styles.sectionTitle}>
          Vendor Applications
        </h3>
      </div>
      {query.isError && <Alert type="error" showIcon title={query.error.message} />}
      {query.isPending ? (
        <Skeleton active />
      ) : applications.length === 0 && !query.isError ? (
        <EmptyState size="small" title="No Applications Found" />
      ) : (
        <div className={styles.applications}>
          {applications.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </div>
      )}
      {total > APPLICATIONS_PAGE_SIZE && (
        <Pagination
          className={styles.pagination}
          current={page}
          pageSize={APPLICATIONS_PAGE_SIZE}
          total={total}
          size="small"
          showSizeChanger={false}
          showTotal={(n, [from, to]) => `${from}–${to} of ${n} applications`}
          onChange={setPage}
        />
      )}
    </section>
  );
}
