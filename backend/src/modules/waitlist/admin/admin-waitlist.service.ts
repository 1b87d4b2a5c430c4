import { csvCell } from '../../../common/csv-cell';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { WaitlistService } from '../../waitlist/waitlist.service';
import type { NominationStatus } from '../waitlist-entry.entity';
import { WaitlistMemberNames } from '../waitlist-member-names';
import type { ListWaitlistQuery, WaitlistSort } from './dto/list-waitlist.query';

/** The member whose nomination brought an entry, and how the nomination stands. */
export interface EntryNomination {
  memberId: string;
  /** Null when the member is gone. */
  memberName: string | null;
  status: NominationStatus;
  /** Why it is suspect (empty when credited). */
  reasons: string[];
}

export interface AdminWaitlistEntry {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  netWorth: number | null;
  source: string;
  createdAt: string;
  /** When the person confirmed through the welcome email's link; null while unconfirmed. */
  confirmedAt: string | null;
  nominatedBy: EntryNomination | null;
}

interface Row {
  id: string;
  email: string;
  full_name: string | null;
  phone_number: string | null;
  net_worth: number | null;
  source: string;
  created_at: Date;
  confirmed_at: Date | null;
  nominated_by_member_id: string | null;
  nomination_status: NominationStatus | null;
  nomination_reasons: string[] | null;
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
  // Nominated first, grouped by member, newest first: waitlist_entries_nominated_by_idx's order.
  nominatedBy: [
    'nominated_by_member_id asc nulls last, created_at desc, id desc',
    'nominated_by_member_id desc nulls first, created_at asc, id asc',
  ],
};

const COLUMNS = `w.id, w.email, w.full_name, w.phone_number, w.net_worth, w.source, w.created_at, w.confirmed_at,
  w.nominated_by_member_id, w.nomination_status, w.nomination_reasons`;
/** What a search looks in: the email, the name and the phone, as the search indexes hold them. */
const SEARCHED = `lower(w.email || ' ' || coalesce(w.full_name, '') || ' ' || coalesce(w.phone_number, ''))`;
/** A search counts its matches up to this many; past it the answer says `totalCapped`. */
export const SEARCH_COUNT_LIMIT = 1000;
/** Rows read first, in the requested order, to tell a common search from a rare one (1-3 ms). */
const PROBE_ROWS = 1000;
/** Matches among the probed rows from which a search counts as common (2%)... */
const COMMON_FROM = 20;
/** ...and from which its count is first tried on a stretch of the table (6%: it likely holds enough). */
const STRETCH_FROM = 60;
/** Rows of that stretch, read in storage order until more than the limit match. */
const STRETCH_ROWS = 20_000;
/** Matches a rare search reads through the index in one go, so its page comes in the same query. */
const RARE_FETCH = 10_000;
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
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
    nominatedBy:
      row.nominated_by_member_id && row.nomination_status
        ? {
            memberId: row.nominated_by_member_id,
            memberName: null,
            status: row.nomination_status,
            reasons: row.nomination_reasons ?? [],
          }
        : null,
  };
}

/** The test every row found must pass, and whether the trigram index can find those rows. */
interface SearchPlan {
  /** Any part of the email, name or phone, case-insensitively (LIKE wildcards taken literally). */
  match: { sql: string; params: unknown[] };
  /** Whether the trigram index serves `match` (3 letters or digits in a row, pg_trgm present). */
  indexed: boolean;
}

export interface WaitlistPage {
  data: AdminWaitlistEntry[];
  /** Every entry, or every match of a search up to SEARCH_COUNT_LIMIT. */
  total: number;
  /** Set when a search matched more than SEARCH_COUNT_LIMIT entries (total is then the limit). */
  totalCapped?: true;
  page: number;
  pageSize: number;
}

/**
 * The admin's view of the waitlist: server-side pages, sorting and search that stay fast on a
 * million rows (index-only scans for the page's ids, deep pages read from the nearer end, the
 * total cached for a few seconds), and a CSV export streamed in keyset batches.
 *
 * A search matches any part of the email, name or phone, whatever its length. A rare text of 3
 * characters or more is found through the trigram index (pg_trgm); a shorter one, or any text
 * without pg_trgm, is found by reading the table (no index for 1-2 character pieces: it would
 * slow every sign-up, the landing page's hottest write, for a search admins seldom make). A
 * common text ('a', '555', '.com') would make the index read most of the table, so it is answered by
 * reading rows in the requested order until the page is full, and its count stops at
 * SEARCH_COUNT_LIMIT: beyond that the admin narrows the search rather than pages through it.
 * Which one a text is, the first PROBE_ROWS rows of the requested order tell (the planner cannot:
 * it has no idea how common a piece of text is).
 */
@Injectable()
export class AdminWaitlistService {
  private trigrams?: Promise<boolean>;
  private readonly counts = new Map<string, { total: number; until: number; refreshing?: Promise<unknown> }>();
  private readonly pendingCounts = new Map<string, Promise<number>>();
  private anchors?: { ready?: Anchors; building?: Promise<Anchors | null> };

  constructor(
    private readonly em: EntityManager,
    private readonly entries: WaitlistService,
    private readonly memberNames: WaitlistMemberNames,
  ) {}

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

  private async plan(text: string): Promise<SearchPlan> {
    const like = `%${escapeLike(text)}%`;
    const match = { sql: `${SEARCHED} like lower(?)`, params: [like] };
    // Trigrams are taken from runs of letters and digits: '+1 5' or 'a.b' give none to look up.
    return { match, indexed: /[\p{L}\p{N}]{3}/u.test(text) && (await this.hasTrigrams()) };
  }

  /**
   * Runs a query for a rare text, through the trigram index when it serves. The planner cannot
   * tell how common a piece of text is and may walk the whole table instead.
   */
  private rareQuery<T>(sql: string, params: unknown[], indexed: boolean): Promise<T[]> {
    if (!indexed) return this.connection.execute<T[]>(sql, params);
    return this.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      const context = em.getTransactionContext();
      await connection.execute(
        `select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
        [],
        'all',
        context,
      );
      return connection.execute<T[]>(sql, params, 'all', context);
    });
  }

  /**
   * The number of entries. A small count is exact at once; a large one (a full count of a
   * million rows costs a few hundred ms) is kept for a few seconds and refreshed in the background
   * by one query, while requests meanwhile get the previous figure.
   */
  private async total(): Promise<number> {
    const key = 'all';
    const cached = this.counts.get(key);
    if (cached) {
      if (cached.until <= Date.now() && !cached.refreshing) {
        cached.refreshing = this.count()
          .then((total) => this.remember(key, total))
          .catch(() => undefined)
          .finally(() => (cached.refreshing = undefined));
      }
      return cached.total;
    }
    const pending = this.pendingCounts.get(key) ?? this.count();
    this.pendingCounts.set(key, pending);
    try {
      const total = await pending;
      this.remember(key, total);
      return total;
    } finally {
      this.pendingCounts.delete(key);
    }
  }

  private async count(): Promise<number> {
    const [{ total }] = await this.connection.execute<Array<{ total: number }>>(
      'select count(*)::int as total from waitlist_entries',
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

  /** A page of the list, with the names of the members whose nominations brought its entries. */
  async list(query: ListWaitlistQuery): Promise<WaitlistPage> {
    const answer = await this.page(query);
    const names = await this.memberNames.names(
      answer.data.flatMap((entry) => (entry.nominatedBy ? [entry.nominatedBy.memberId] : [])),
    );
    for (const entry of answer.data) {
      if (entry.nominatedBy) entry.nominatedBy.memberName = names.get(entry.nominatedBy.memberId) ?? null;
    }
    return answer;
  }

  /** The members whose nominations brought sign-ups (the filter's choices), by name. */
  async nominators(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    const names = await this.memberNames.names(ids);
    return ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
  }

  private async page(query: ListWaitlistQuery): Promise<WaitlistPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const sort = query.sort ?? '-createdAt';
    const [forward, backward] = ORDER[sort];
    const offset = (page - 1) * pageSize;
    const text = (query.q ?? '').trim();
    if (
      query.source ||
      query.utmCampaign ||
      query.signedUpFrom ||
      query.signedUpTo ||
      query.confirmed ||
      query.nominatedBy
    ) {
      // Narrowed by source, campaign, dates, confirmation or nominating member: the waitlist's own
      // filter, counted exactly.
      const { data, total } = await this.entries.listMatching(
        {
          q: text || undefined,
          source: query.source,
          utmCampaign: query.utmCampaign,
          signedUpFrom: query.signedUpFrom,
          signedUpTo: query.signedUpTo,
          confirmed: query.confirmed,
          nominatedBy: query.nominatedBy,
        },
        sort,
        page,
        pageSize,
      );
      return {
        data: data.map((entry) => ({
          id: entry.id,
          email: entry.email,
          fullName: entry.fullName,
          phone: entry.phone,
          netWorth: entry.netWorth,
          source: entry.source,
          createdAt: entry.createdAt,
          confirmedAt: entry.confirmedAt,
          nominatedBy:
            entry.nominatedByMemberId && entry.nominationStatus
              ? {
                  memberId: entry.nominatedByMemberId,
                  memberName: null,
                  status: entry.nominationStatus,
                  reasons: entry.nominationReasons,
                }
              : null,
        })),
        total,
        page,
        pageSize,
      };
    }
    if (text) return this.search(text, sort, page, pageSize);

    const total = await this.total();
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

  /** A page of the entries whose email, name or phone contains `text` (see the class comment). */
  private async search(text: string, sort: WaitlistSort, page: number, pageSize: number): Promise<WaitlistPage> {
    const order = prefixed(ORDER[sort][0]);
    const offset = (page - 1) * pageSize;
    const { match, indexed } = await this.plan(text);
    const answer = (rows: Row[], found: number): WaitlistPage => ({
      data: rows.map(toEntry),
      total: Math.min(found, SEARCH_COUNT_LIMIT),
      ...(found > SEARCH_COUNT_LIMIT ? { totalCapped: true as const } : {}),
      page,
      pageSize,
    });
    const pageQuery = `select ${COLUMNS} from waitlist_entries w where %s order by ${order} limit ? offset ?`;
    // Every match, through the index, then sorted: for a search known to match few rows.
    const indexedPage = () =>
      this.rareQuery<Row>(pageQuery.replace('%s', match.sql), [...match.params, pageSize, offset], indexed);
    // The planner's way, usually the list read in order until the page is full: for common searches.
    const plannedPage = () =>
      this.connection.execute<Row[]>(pageQuery.replace('%s', match.sql), [...match.params, pageSize, offset]);

    const probed = await this.connection.execute<Row[]>(
      `select ${COLUMNS} from (select * from waitlist_entries order by ${ORDER[sort][0]} limit ${PROBE_ROWS}) w
        where ${match.sql} order by ${order}`,
      match.params,
    );
    if ((await this.total()) <= PROBE_ROWS) return answer(probed.slice(offset, offset + pageSize), probed.length);

    if (probed.length < COMMON_FROM) {
      // Rare: the index finds every match with the count, and the page among them, in one query.
      const rows = await this.rareQuery<Row & { found: number }>(
        `select ${COLUMNS}, count(*) over ()::int as found
           from (select * from waitlist_entries w where ${match.sql} limit ${RARE_FETCH + 1}) w
          order by ${order} limit ? offset ?`,
        [...match.params, pageSize, offset],
        indexed,
      );
      const found = rows[0]?.found ?? (await this.countMatches(match, indexed));
      if (offset >= Math.min(found, SEARCH_COUNT_LIMIT)) return answer([], found);
      if (found <= RARE_FETCH) return answer(rows, found);
      // Common after all, only not near the top of the list.
      return answer(await plannedPage(), found);
    }

    // Common: a stretch of the table usually proves it is past the limit; else the index counts.
    let found = 0;
    if (probed.length >= STRETCH_FROM) {
      [{ found }] = await this.connection.execute<Array<{ found: number }>>(
        `select count(*)::int as found from (
           select 1 from (select * from waitlist_entries limit ${STRETCH_ROWS}) w
            where ${match.sql} limit ${SEARCH_COUNT_LIMIT + 1}) m`,
        match.params,
      );
    }
    if (found <= SEARCH_COUNT_LIMIT) found = await this.countMatches(match, indexed);
    if (offset >= Math.min(found, SEARCH_COUNT_LIMIT)) return answer([], found);
    if (offset + pageSize <= probed.length) return answer(probed.slice(offset, offset + pageSize), found);
    if (found <= SEARCH_COUNT_LIMIT) return answer(await indexedPage(), found);
    return answer(await plannedPage(), found);
  }

  /** Matches, counted up to one past the limit. */
  private async countMatches(match: { sql: string; params: unknown[] }, indexed: boolean): Promise<number> {
    const [{ found }] = await this.rareQuery<{ found: number }>(
      `select count(*)::int as found from (
         select 1 from waitlist_entries w where ${match.sql} limit ${SEARCH_COUNT_LIMIT + 1}) m`,
      match.params,
      indexed,
    );
    return found;
  }

  /**
   * Rows at ascending creation positions [start, start + limit), from the key of every
   * ANCHOR_EVERY-th row counted from the oldest. New sign-ups land at the newest end, so these
   * positions stay true; the map is rebuilt when the total shrinks (rows deleted) or it is old.
   */
  private async pageByCreation(start: number, limit: number): Promise<Row[] | null> {
    const total = await this.total();
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
        ['Name', 'Email', 'Phone', 'Net worth (USD millions)', 'Source', 'Created', 'Confirmed']
          .map(csvCell)
          .join(',') +
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
          r.confirmed_at ? new Date(r.confirmed_at).toISOString() : '',
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
