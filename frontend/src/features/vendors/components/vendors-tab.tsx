import { EditOutlined, EnvironmentOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useAdminVendors, VENDORS_PAGE_SIZE } from '../api/admin-vendors';
import { useVendorTaxonomy } from '../api/taxonomy';
import { EmptyState } from '../../../lib/ui/empty-state';
import type { Vendor, VendorStatus } from '../api/types';
import { ApplicationsList } from './applications-list';
import { VendorDialog } from './vendor-dialog';
import styles from './vendors.module.css';

const STATUS_COLOR: Record<VendorStatus, string> = { pending: 'gold', active: 'green', inactive: 'default' };

function addressOf(vendor: Vendor): string {
  const line = [vendor.city, [vendor.state, vendor.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [vendor.address, line].filter(Boolean).join(', ');
}

/** The admin Vendors tab: the vendor grid with its add/edit dialog, then the applications. */
export default function VendorsTab() {
  const [page, setPage] = useState(1);
  const vendors = useAdminVendors(page);
  const taxonomy = useVendorTaxonomy();
  const categories = taxonomy.data?.categories ?? [];
  // undefined: closed; null: adding; a vendor: editing it.
  const [dialog, setDialog] = useState<Vendor | null | undefined>(undefined);
  const list = vendors.data?.data ?? [];
  const total = vendors.data?.total ?? 0;
  // A page emptied by changes elsewhere falls back to the last page that has vendors.
  const lastPage = Math.max(1, Math.ceil(total / VENDORS_PAGE_SIZE));
  if (vendors.data && page > lastPage) setPage(lastPage);

  const categoryName = (vendor: Vendor) => {
    const category = categories.find((c) => c.id === vendor.category);
    const sub = category?.subcategories.find((s) => s.id === vendor.subcategory);
    return [category?.name ?? vendor.category, sub?.name].filter(Boolean).join(' · ');
  };

  return (
    <div className={styles.tab}>
      <section className={styles.section} aria-labelledby="vendors-title">
        <div className={styles.sectionHead}>
          <h3 id="vendors-title" className={styles.sectionTitle}>
            Vendors
          </h3>
          <div className={styles.actions}>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => vendors.refetch()}
              loading={vendors.isFetching && !vendors.isPending}
            >
              Refresh
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog(null)} disabled={!taxonomy.data}>
              Add New Vendor
            </Button>
          </div>
        </div>
        {vendors.isError && <Alert type="error" showIcon title={vendors.error.message} className={styles.alert} />}
        {vendors.isPending ? (
          <Skeleton active />
        ) : list.length === 0 && !vendors.isError ? (
          <EmptyState size="small" title="No vendors found." />
        ) : (
          <div className={styles.grid}>
            {list.map((vendor) => (
              <article key={vendor.id} className={styles.card} data-testid="vendor-card">
                <div className={styles.cardTop}>
                  <span className={styles.eyebrow}>{categoryName(vendor)}</span>
                  <Tag color={STATUS_COLOR[vendor.status]} className={styles.badge}>
                    {vendor.status}
                  </Tag>
                </div>
                <h4 className={styles.cardTitle}>{vendor.name}</h4>
                <p className={styles.cardAddress}>
                  <EnvironmentOutlined /> {addressOf(vendor) || 'No address'}
                </p>
                <Button
                  icon={<EditOutlined />}
                  onClick={() => setDialog(vendor)}
                  disabled={!taxonomy.data}
                  className={styles.cardEdit}
                >
                  Edit
                </Button>
              </article>
            ))}
          </div>
        )}
        {total > VENDORS_PAGE_SIZE && (
          <Pagination
            className={styles.pagination}
            current={page}
            pageSize={VENDORS_PAGE_SIZE}
            total={total}
            size="small"
            showSizeChanger={false}
            showTotal={(n, [from, to]) => `${from}–${to} of ${n} vendors`}
            onChange={setPage}
          />
        )}
      </section>

      <ApplicationsList />

      {dialog !== undefined && (
        <VendorDialog
          key={dialog?.id ?? 'new'}
          vendor={dialog}
          taxonomy={categories}
          onClose={() => setDialog(undefined)}
        />
      )}
    </div>
  );
}
