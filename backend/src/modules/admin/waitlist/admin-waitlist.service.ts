import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { ListWaitlistQuery, WaitlistSort } from './dto/list-waitlist.query';

export interface AdminWaitlistEntry {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  netWorth: number | null;
  source: string;
  createdAt: string;
}

interface Row {
  id: string;
  email: string;
  full_name: string | null;
  phone_number: string | null;
  net_worth: number | null;
  source: string;
  created_at: Date;
}

/** ORDER BY for each sort, and its exact reverse (both served by one index). */
const ORDER: Record<WaitlistSort, [forward: string, backward: string]> = {
  '-createdAt': ['created_at desc, id desc', 'created_at asc, id asc'],
  createdAt: ['created_at asc, id asc', 'created_at desc, id desc'],
  email: ['email asc, id asc', 'email desc, id desc'],
  '-email': ['email desc, id desc', 'email asc, id asc'],
  '-netWorth': [
    'net_worth desc nulls last, created_at desc, id desc',
    'net_worth asc nulls first, created_at asc, id asc',
  ],
  netWorth: [
    'net_worth asc nulls first, created_at asc, id asc',
    'net_worth desc nulls last, created_at desc, id desc',
  ],
};

const COLUMNS = 'w.id, w.email, w.full_name, w.phone_number, w.net_worth, w.source, w.created_at';
const SEARCHED = `lower(email || ' ' || coalesce(full_name, '') || ' ' || coalesce(phone_number, ''))`;
const COUNT_CACHE_MS = 5000;
const COUNT_CACHE_FROM = 10_000;
/** Every how many rows (by creation date) the key is remembered, and for how long. */
const ANCHOR_EVERY = 5000;
const ANCHOR_TTL_MS = 10 * 60_000;

interface Anchors {
  keys: Array<{ created_at: Date; id: string }>;
  total: number;
  until: number;
}

const prefixed = (order: string) => order.replace(/(^|, )/g, '$1w.');
const EXPORT_BATCH = 2000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toEntry(row: Row): AdminWaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone_number,
    netWorth: row.net_worth,
    source: row.source,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A CSV cell, quoted, with spreadsheet formulas defused (phone numbers like +44 stay as they are). */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text))) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The admin's view of the waitlist: server-side pages, sorting and search that stay fast on a
 * million rows (index-only scans for the page's ids, deep pages read from the nearer end, the
 * total cached for a few seconds), and a CSV export streamed in keyset batches.
 */
@Injectable()
export class AdminWaitlistService {
  private trigrams?: Promise<boolean>;
  private readonly counts = new Map<string, { total: number; until: number; refreshing?: Promise<unknown> }>();
  private readonly pendingCounts = new Map<string, Promise<number>>();
  private anchors?: { ready?: Anchors; building?: Promise<Anchors | null> };

  constructor(private readonly em: EntityManager) {}

  private get connection() {
    return this.em.fork().getConnection();
  }

  /** Whether the trigram index exists (pg_trgm was available when the migration ran). */
  private hasTrigrams(): Promise<boolean> {
    this.trigrams ??= this.connection
      .execute<Array<{ found: boolean }>>(
        `select exists (select 1 from pg_indexes where indexname = 'waitlist_entries_search_trgm_idx') as found`,
      )
      .then((rows) => rows[0]?.found === true)
      .catch(() => false);
    return this.trigrams;
  }

  private async where(q: string | undefined): Promise<{ sql: string; params: unknown[] }> {
    const text = (q ?? '').trim().toLowerCase();
    if (!text) return { sql: '', params: [] };
    if (text.length >= 3 && (await this.hasTrigrams())) {
      return { sql: `where ${SEARCHED} like ?`, params: [`%${escapeLike(text)}%`] };
    }
    return { sql: `where lower(email) like ?`, params: [`${escapeLike(text)}%`] };
  }

  /**
   * The number of matching rows. Small counts are exact at once; a large one (a full count of a
   * million rows costs a few hundred ms) is kept for a few seconds and refreshed in the background
   * by one query, while requests meanwhile get the previous figure.
   */
  private async total(where: { sql: string; params: unknown[] }): Promise<number> {
    const key = JSON.stringify(where.params);
    const cached = this.counts.get(key);
    if (cached) {
      if (cached.until <= Date.now() && !cached.refreshing) {
        cached.refreshing = this.count(where)
          .then((total) => this.remember(key, total))
          .catch(() => undefined)
          .finally(() => (cached.refreshing = undefined));
      }
      return cached.total;
    }
    const pending = this.pendingCounts.get(key) ?? this.count(where);
    this.pendingCounts.set(key, pending);
    try {
      const total = await pending;
      this.remember(key, total);
      return total;
    } finally {
      this.pendingCounts.delete(key);
    }
  }

  private async count(where: { sql: string; params: unknown[] }): Promise<number> {
    const [{ total }] = await this.connection.execute<Array<{ total: number }>>(
      `select count(*)::int as total from waitlist_entries ${where.sql}`,
      where.params,
    );
    return total;
  }

  private remember(key: string, total: number): void {
    if (total < COUNT_CACHE_FROM) {
      this.counts.delete(key);
      return;
    }
    if (this.counts.size > 500) this.counts.clear();
    this.counts.set(key, { total, until: Date.now() + COUNT_CACHE_MS });
  }

  /** Forgets cached totals (after a sign-up the admin wants to see at once). */
  invalidate(): void {
    this.counts.clear();
    this.anchors = undefined;
  }

  async list(
    query: ListWaitlistQuery,
  ): Promise<{ data: AdminWaitlistEntry[]; total: number; page: number; pageSize: number }> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const sort = query.sort ?? '-createdAt';
    const [forward, backward] = ORDER[sort];
    const where = await this.where(query.q);
    const offset = (page - 1) * pageSize;

    // A search: one index scan answers both the page and the number of matches.
    if (where.sql) {
      const rows = await this.connection.execute<Array<Row & { total: number }>>(
        `select ${COLUMNS}, count(*) over ()::int as total from waitlist_entries w ${where.sql}
          order by ${prefixed(forward)} limit ? offset ?`,
        [...where.params, pageSize, offset],
      );
      const total = rows.length ? rows[0].total : await this.total(where);
      return { data: rows.map(toEntry), total, page, pageSize };
    }

    const total = await this.total(where);
    if (offset >= total) return { data: [], total, page, pageSize };
    const limit = Math.min(pageSize, total - offset);

    // By creation date: jump to the nearest remembered position, then skip a few thousand at most.
    const deep = Math.min(offset, total - offset - limit) > ANCHOR_EVERY;
    if ((sort === '-createdAt' || sort === 'createdAt') && deep) {
      const ascendingStart = sort === 'createdAt' ? offset : total - offset - limit;
      const rows = await this.pageByCreation(ascendingStart, limit);
      if (rows) {
        if (sort === '-createdAt') rows.reverse();
        return { data: rows.map(toEntry), total, page, pageSize };
      }
    }

    // Past the middle, read the page from the other end: the same rows, far fewer skipped.
    const fromEnd = offset > total / 2;
    const skip = fromEnd ? total - offset - limit : offset;
    const order = fromEnd ? backward : forward;
    const rows = await this.connection.execute<Row[]>(
      `select ${COLUMNS}
         from (select id from waitlist_entries order by ${order} limit ? offset ?) page
         join waitlist_entries w on w.id = page.id
        order by ${prefixed(order)}`,
      [limit, skip],
    );
    if (fromEnd) rows.reverse();
    return { data: rows.map(toEntry), total, page, pageSize };
  }

  /**
   * Rows at ascending creation positions [start, start + limit), from the key of every
   * ANCHOR_EVERY-th row counted from the oldest. New sign-ups land at the newest end, so these
   * positions stay true; the map is rebuilt when the total shrinks (rows deleted) or it is old.
   */
  private async pageByCreation(start: number, limit: number): Promise<Row[] | null> {
    const total = await this.total({ sql: '', params: [] });
    const anchors = await this.creationAnchors(total);
    if (!anchors) return null;
    const index = Math.min(Math.floor(start / ANCHOR_EVERY), anchors.keys.length - 1);
    const anchor = anchors.keys[index];
    return this.connection.execute<Row[]>(
      `select ${COLUMNS}
         from (select id from waitlist_entries where (created_at, id) >= (?, ?)
                order by created_at asc, id asc limit ? offset ?) page
         join waitlist_entries w on w.id = page.id
        order by w.created_at asc, w.id asc`,
      [anchor.created_at, anchor.id, limit, start - index * ANCHOR_EVERY],
    );
  }

  private creationAnchors(total: number): Promise<Anchors | null> {
    const current = this.anchors;
    if (current?.ready && current.ready.total <= total && current.ready.until > Date.now()) {
      return Promise.resolve(current.ready);
    }
    if (current?.building) return current.building;
    const building = this.connection
      .execute<Array<{ created_at: Date; id: string }>>(
        `select created_at, id from (
           select created_at, id, row_number() over (order by created_at asc, id asc) - 1 as position
             from waitlist_entries) numbered
          where position % ${ANCHOR_EVERY} = 0
          order by position`,
      )
      .then((keys) => {
        const ready: Anchors = { keys, total, until: Date.now() + ANCHOR_TTL_MS };
        this.anchors = { ready };
        return keys.length ? ready : null;
      })
      .catch(() => {
        this.anchors = undefined;
        return null;
      });
    this.anchors = { ready: current?.ready, building };
    return building;
  }

  /** Writes the whole list as CSV, newest first, one batch at a time (honours back-pressure). */
  async exportCsv(out: Writable): Promise<void> {
    const write = (chunk: string) =>
      out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
    await write(
      '\uFEFF' +
        ['Name', 'Email', 'Phone', 'Net worth (USD millions)', 'Source', 'Created'].map(csvCell).join(',') +
        '\r\n',
    );
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      if (out.destroyed) return;
      const rows: Row[] = await this.connection.execute<Row[]>(
        `select ${COLUMNS} from waitlist_entries w
          ${after ? 'where (w.created_at, w.id) < (?, ?)' : ''}
          order by w.created_at desc, w.id desc limit ?`,
        after ? [after.createdAt, after.id, EXPORT_BATCH] : [EXPORT_BATCH],
      );
      if (rows.length === 0) break;
      const lines = rows.map((r) =>
        [
          r.full_name ?? '',
          r.email,
          r.phone_number ?? '',
          r.net_worth ?? '',
          r.source,
          new Date(r.created_at).toISOString(),
        ]
          .map(csvCell)
          .join(','),
      );
      await write(lines.join('\r\n') + '\r\n');
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
      if (rows.length < EXPORT_BATCH) break;
    }
  }
}
