import { Grid, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { Fragment, useState, type ReactNode } from 'react';
import styles from './launch-party.module.css';

interface Props<T> extends Omit<TableProps<T>, 'columns' | 'pagination'> {
  columns: ColumnType<T>[];
  /** The column whose cell heads each row's card on a phone (the guest's name). */
  headKey: string;
  /** The column of the row's buttons, set at the foot of its card on a phone. */
  actionsKey?: string;
  pageSize?: number;
}

const PAGE_SIZE = 20;

function cell<T>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const value = typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  return (column.render ? column.render(value, row, index) : value) as ReactNode;
}

/**
 * A table from 768 px up; below, one card per row with the same columns as labelled lines, so a
 * phone reads every row without scrolling sideways.
 */
export function ResponsiveTable<T extends object>({ headKey, actionsKey, pageSize = PAGE_SIZE, ...table }: Props<T>) {
  const wide = Grid.useBreakpoint().md !== false;
  const [page, setPage] = useState(1);
  if (wide) return <Table<T> {...table} pagination={{ pageSize, hideOnSinglePage: true }} />;

  const rows = table.dataSource ?? [];
  if (table.loading) {
    return (
      <div className={styles.center}>
        <Spin />
      </div>
    );
  }
  if (rows.length === 0) return <>{table.locale?.emptyText}</>;

  const head = table.columns.find((c) => c.key === headKey);
  const actions = table.columns.find((c) => c.key === actionsKey);
  const facts = table.columns.filter((c) => c !== head && c !== actions);
  const pages = Math.ceil(rows.length / pageSize);
  const current = Math.min(page, pages);
  const first = (current - 1) * pageSize;
  const key = (row: T, index: number) =>
    typeof table.rowKey === 'string' ? String((row as Record<string, unknown>)[table.rowKey]) : String(index);

  return (
    <>
      <ul className={styles.rowCards}>
        {rows.slice(first, first + pageSize).map((row, i) => (
          <li key={key(row, first + i)} className={styles.rowCard}>
            {head ? <p className={styles.rowCardTitle}>{cell(head, row, first + i)}</p> : null}
            <dl className={styles.rowFacts}>
              {facts.map((column) => (
                <Fragment key={String(column.key)}>
                  <dt>{column.title as ReactNode}</dt>
                  <dd>{cell(column, row, first + i)}</dd>
                </Fragment>
              ))}
            </dl>
            {actions ? <div className={styles.rowActions}>{cell(actions, row, first + i)}</div> : null}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <Pagination
          className={styles.rowPagination}
          current={current}
          pageSize={pageSize}
          total={rows.length}
          size="small"
          onChange={setPage}
        />
      ) : null}
    </>
  );
}
