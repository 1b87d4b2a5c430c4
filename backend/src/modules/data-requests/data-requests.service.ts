import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ZipFile } from 'yazl';
import { AppError } from '../../common/app-error';
import { normaliseEmail } from '../../common/email-address';
import { pgTextArray } from '../../common/pg-array';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { OutboxService } from '../../platform/queue/outbox.service';
import { AuditService } from '../audit';
import { CONSENT_PURPOSES, ConsentService } from '../privacy';
import type { DataRequestKind, DataRequester, DataRequestStatus } from './data-request.entity';
import { downloadToken, readLink, seal, sha256Hex, signLink } from './data-request-tokens';
import {
  holdsAnything,
  lowerAll,
  searchableLiterals,
  PersonalDataRegistry,
  subjectAddresses,
  type DataSubject,
  type ExportedRecords,
} from './personal-data-registry';

/** Days the club has to answer a request (the law's month). */
export const DATA_REQUEST_DAYS = 30;

export const LINK_EXPIRED = 'This link has expired. Please ask for a new one on the Your Data page.';
export const LINK_INVALID = 'This link is not valid. Please use the link exactly as it arrived in your email.';
export const DOWNLOAD_EXPIRED =
  'This download has expired and the file has been deleted. Please ask for your data again.';
export const DOWNLOAD_UNKNOWN = 'We could not find this download. Please use the link exactly as it arrived.';

/** A request as staff and the person see it. */
export interface DataRequestView {
  id: string;
  kind: DataRequestKind;
  status: DataRequestStatus;
  requestedBy: DataRequester;
  /** The address as typed; null once an erasure has completed. */
  email: string | null;
  receivedAt: string;
  dueAt: string;
  completedAt: string | null;
  /** Whole days left on the 30-day clock (negative: overdue); null once answered. */
  daysLeft: number | null;
  overdue: boolean;
  downloadExpiresAt: string | null;
  counts: Record<string, number>;
  notes: string | null;
}

interface RequestRow {
  id: string;
  kind: DataRequestKind;
  status: DataRequestStatus;
  requested_by: DataRequester;
  subject_email: string | null;
  subject_key: string;
  member_id: string | null;
  received_at: Date;
  due_at: Date;
  completed_at: Date | null;
  download_expires_at: Date | null;
  counts: Record<string, number> | null;
  notes: string | null;
}

const COLUMNS = `id, kind, status, requested_by, subject_email, subject_key, member_id, received_at, due_at,
  completed_at, download_expires_at, counts, notes`;

const DAY_MS = 86_400_000;
const OPEN: DataRequestStatus[] = ['received', 'verified', 'in-progress'];

function viewOf(row: RequestRow, now = Date.now()): DataRequestView {
  const open = OPEN.includes(row.status);
  const due = new Date(row.due_at).getTime();
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    requestedBy: row.requested_by,
    email: row.subject_email,
    receivedAt: new Date(row.received_at).toISOString(),
    dueAt: new Date(due).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    daysLeft: open ? Math.ceil((due - now) / DAY_MS) : null,
    overdue: open && due < now,
    downloadExpiresAt: row.download_expires_at ? new Date(row.download_expires_at).toISOString() : null,
    counts: row.counts ?? {},
    notes: row.notes,
  };
}

const README = (brand: string, files: Array<[string, string]>, at: Date) =>
  [
    `Your data at ${brand}`,
    '',
    `Prepared on ${at.toISOString().slice(0, 10)} (UTC) at your request. This archive holds everything`,
    `${brand} keeps about you, one file per part of the club, each in JSON (readable in any text editor).`,
    '',
    ...files.map(([file, description]) => `${file}\n    ${description}`),
    '',
    'What is not here, and why:',
    '- Notes our staff keep for serving you well are the club’s working notes, not a record of you;',
    '  they are erased with your account, but not exported.',
    '- Visits to our public pages are counted without knowing who visited, so nothing links them to you.',
    '- Our audit log records which staff member did what, never the content; your name or address is',
    '  taken out of it when you ask us to erase your data.',
    '',
    'Payments and refunds are kept for as long as the law requires, even after an erasure: the',
    'amounts, currency, dates and payment references remain; your name and address do not.',
    '',
    'Questions: reply to the email that brought you this archive.',
  ].join('\n');

/**
 * Export and erasure of a person's data on request, and the staff's queue with its 30-day clock.
 * What the club holds is known only to the holders registered with PersonalDataRegistry (one per
 * module, in the module's own folder); this service asks them, builds the zip, and runs every
 * holder's erasure in one transaction.
 */
@Injectable()
export class DataRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly registry: PersonalDataRegistry,
    private readonly consent: ConsentService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get linkHours(): number {
    return this.config.DATA_EXPORT_LINK_HOURS;
  }

  /** The person behind an address and/or a member account, as every holder knows them. */
  async subjectFor(em: EntityManager, who: { email?: string | null; memberId?: string | null }): Promise<DataSubject> {
    const subject: DataSubject = {
      emails: who.email ? [who.email.trim()] : [],
      normalisedEmails: [],
      subjectKey: '',
      memberId: who.memberId ?? undefined,
      names: [],
      refs: {},
    };
    // Twice: an address found by one holder (the member's) may lead another to more (their invitations).
    for (let round = 0; round < 2; round += 1) {
      for (const holder of this.registry.all()) {
        if (!holder.identify) continue;
        subject.normalisedEmails = lowerAll(subject.emails.map((e) => normaliseEmail(e)));
        const clues = await holder.identify(em, subject);
        if (clues.memberId && !subject.memberId) subject.memberId = clues.memberId;
        subject.emails = [...new Set([...subject.emails, ...(clues.emails ?? [])])];
        subject.names = [...new Set([...subject.names, ...(clues.names ?? []).map((n) => n.trim()).filter(Boolean)])];
        for (const [ref, ids] of Object.entries(clues.refs ?? {})) {
          subject.refs[ref] = [...new Set([...(subject.refs[ref] ?? []), ...ids])];
        }
      }
    }
    subject.normalisedEmails = lowerAll(subject.emails.map((e) => normaliseEmail(e)));
    subject.subjectKey = subject.emails[0] ? this.consent.subjectKey(subject.emails[0]) : '';
    return subject;
  }

  /** Every holder's records of the person (and the consent ledger, the emails sent, their requests). */
  async collect(em: EntityManager, subject: DataSubject): Promise<Array<[string, string, ExportedRecords]>> {
    const files: Array<[string, string, ExportedRecords]> = [];
    for (const holder of this.registry.all()) {
      files.push([holder.name, holder.description, await holder.export(em, subject)]);
    }
    const keys = this.subjectKeys(subject);
    const ledger = (await Promise.all(keys.map((key) => this.consent.ledgerForKey(key, em)))).flat();
    ledger.sort((a, b) => a.at.localeCompare(b.at));
    files.push([
      'consent-ledger',
      'What you agreed to (the exact words, their version and fingerprint), when, from where, and every withdrawal.',
      { rows: ledger },
    ]);
    files.push([
      'emails',
      'The emails we recorded sending you: their kind, when, and whether they went out.',
      { deliveries: await this.emails.deliveriesTo(em, subjectAddresses(subject)) },
    ]);
    const requests = await em.execute<RequestRow[]>(
      `select ${COLUMNS} from data_requests where subject_key = any(?::text[]) order by received_at`,
      [pgTextArray(keys)],
    );
    files.push([
      'data-requests',
      'Your requests to see or erase your data, and how each was answered.',
      { requests: requests.map((row) => viewOf(row)) },
    ]);
    return files;
  }

  /** Whether the club holds anything about this address (the public form answers the same either way). */
  async holdsAnythingFor(email: string): Promise<boolean> {
    const em = this.em.fork();
    const subject = await this.subjectFor(em, { email });
    for (const holder of this.registry.all()) {
      if (holdsAnything(await holder.export(em, subject))) return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- asking

  /**
   * The public form: emails a "your data" link to the address if the club holds anything about it.
   * The answer is the same either way, so nobody learns from it who is known here.
   */
  async emailLink(email: string): Promise<void> {
    if (!(await this.holdsAnythingFor(email))) return;
    const expiresAt = new Date(Date.now() + this.linkHours * 3_600_000);
    const token = signLink(this.config.SESSION_SECRET, email.trim(), expiresAt);
    await this.em.fork().transactional(async (tx) => {
      const key = `data-request.link:${sha256Hex(token)}`;
      await this.emails.queue(tx, { key, kind: 'data-request.link', recipient: email.trim() }, 'data-request.link', {
        sealed: seal(this.config.SESSION_SECRET, JSON.stringify({ email: email.trim(), token })),
        key,
      });
    });
  }

  /** What the emailed link names: the address (the page shows it) and until when it works. */
  readLink(token: string): { email: string; expiresAt: Date } {
    const reading = readLink(this.config.SESSION_SECRET, token);
    if (!reading.ok) {
      if (reading.reason === 'expired') throw AppError.gone(LINK_EXPIRED, 'DATA_LINK_EXPIRED');
      throw AppError.badRequest(LINK_INVALID, undefined, 'DATA_LINK_INVALID');
    }
    return { email: reading.email, expiresAt: reading.expiresAt };
  }

  /** A person, through the emailed link, asks for their data or its erasure. */
  async requestByLink(token: string, kind: DataRequestKind): Promise<DataRequestView> {
    const { email } = this.readLink(token);
    return this.open({ kind, email, requestedBy: 'person' });
  }

  /** A signed-in member asks for their data or its erasure, from their account. */
  async requestByMember(member: { id: string; email: string }, kind: DataRequestKind): Promise<DataRequestView> {
    return this.open({ kind, email: member.email, memberId: member.id, requestedBy: 'member' });
  }

  /** A member's own requests, newest first. */
  async forMember(member: { id: string; email: string }): Promise<DataRequestView[]> {
    const rows = await this.em
      .fork()
      .execute<RequestRow[]>(
        `select ${COLUMNS} from data_requests where member_id = ? or subject_key = ? order by received_at desc limit 20`,
        [member.id, this.consent.subjectKey(member.email)],
      );
    return rows.map((row) => viewOf(row));
  }

  /**
   * Records a verified request. An export is built at once by a job (and emailed); an erasure waits
   * in the staff's queue for an owner to carry it out within 30 days, and the person is told so. A
   * second open request of the same kind for the same person answers the first.
   */
  private async open(input: {
    kind: DataRequestKind;
    email: string;
    memberId?: string;
    requestedBy: DataRequester;
    staffActorId?: string;
    notes?: string | null;
  }): Promise<DataRequestView> {
    const subjectKey = this.consent.subjectKey(input.email);
    return this.em.fork().transactional(async (tx) => {
      const [existing] = await tx.execute<RequestRow[]>(
        `select ${COLUMNS} from data_requests
          where subject_key = ? and kind = ? and status = any(?::text[]) order by received_at desc limit 1 for update`,
        [subjectKey, input.kind, pgTextArray(OPEN)],
      );
      if (existing) return viewOf(existing);
      if (input.kind === 'export' && input.requestedBy !== 'staff') {
        // A copy sent within the hour, its link still alive: that one answers (no second email).
        const [recent] = await tx.execute<RequestRow[]>(
          `select ${COLUMNS} from data_requests
            where subject_key = ? and kind = 'export' and status = 'completed' and export_file is not null
              and download_expires_at > now() and received_at > now() - interval '1 hour'
            order by received_at desc limit 1`,
          [subjectKey],
        );
        if (recent) return viewOf(recent);
      }
      const id = randomUUID();
      const [row] = await tx.execute<RequestRow[]>(
        `insert into data_requests (id, kind, status, subject_email, subject_key, member_id, requested_by,
                                    staff_actor_id, due_at, notes)
         values (?, ?, 'verified', ?, ?, ?, ?, ?, now() + make_interval(days => ?), ?)
         returning ${COLUMNS}`,
        [
          id,
          input.kind,
          input.email.trim(),
          subjectKey,
          input.memberId ?? null,
          input.requestedBy,
          input.staffActorId ?? null,
          DATA_REQUEST_DAYS,
          input.notes ?? null,
        ],
      );
      if (input.kind === 'export') {
        await this.outbox.add(tx, 'data-request.export', { requestId: id });
      } else {
        await this.emails.queue(
          tx,
          {
            key: `data-request.erasure-received:${id}`,
            kind: 'data-request.erasure-received',
            recipient: input.email.trim(),
          },
          'data-request.erasure-received',
          { requestId: id },
        );
      }
      if (input.requestedBy === 'staff') {
        await this.audit.record(tx, {
          action: input.kind === 'export' ? 'data-request.export' : 'data-request.open',
          target: { type: 'data-request', id },
          changes: { kind: [null, input.kind] },
        });
      }
      return viewOf(row);
    });
  }

  // ---------------------------------------------------------------- export

  /** The export job: builds the zip, keeps it with a 24-hour link, and emails the link. Idempotent. */
  async buildExport(requestId: string): Promise<void> {
    const em = this.em.fork();
    const [row] = await em.execute<RequestRow[]>(`select ${COLUMNS} from data_requests where id = ?`, [requestId]);
    if (!row || row.kind !== 'export' || !OPEN.includes(row.status) || !row.subject_email) return;
    const subject = await this.subjectFor(em, { email: row.subject_email, memberId: row.member_id });
    const files = await this.collect(em, subject);
    const at = new Date();
    const zip = await this.zip(files, at);
    const token = downloadToken(this.config.SESSION_SECRET, requestId);
    const counts = Object.fromEntries(
      files
        .map(([name, , records]): [string, number] => [
          name,
          Object.values(records).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : v == null ? 0 : 1), 0),
        ])
        .filter(([, count]) => count > 0),
    );
    await em.transactional(async (tx) => {
      const updated = await tx.execute<Array<{ id: string }>>(
        `update data_requests
            set export_file = ?, export_file_name = ?, download_token_hash = ?,
                download_expires_at = now() + make_interval(hours => ?), counts = ?::jsonb,
                status = 'completed', completed_at = now(), updated_at = now()
          where id = ? and status = any(?::text[]) returning id`,
        [
          zip,
          `your-data-${at.toISOString().slice(0, 10)}.zip`,
          sha256Hex(token),
          this.linkHours,
          JSON.stringify(counts),
          requestId,
          pgTextArray(OPEN),
        ],
      );
      if (updated.length === 0) return;
      await this.emails.queue(
        tx,
        {
          key: `data-request.export-ready:${requestId}`,
          kind: 'data-request.export-ready',
          recipient: row.subject_email!,
        },
        'data-request.export-ready',
        { requestId },
      );
    });
  }

  private zip(files: Array<[string, string, ExportedRecords]>, at: Date): Promise<Buffer> {
    const zip = new ZipFile();
    const listed: Array<[string, string]> = files.map(([name, description]) => [`${name}.json`, description]);
    zip.addBuffer(Buffer.from(README(this.config.BRAND_NAME, listed, at), 'utf8'), 'README.txt', { mtime: at });
    for (const [name, , records] of files) {
      zip.addBuffer(Buffer.from(`${JSON.stringify(records, null, 2)}\n`, 'utf8'), `${name}.json`, { mtime: at });
    }
    zip.end();
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
      zip.outputStream.on('error', reject);
      zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  }

  /** The download behind a token: the zip while its link lives; 410 after; 404 for no such link. */
  async download(token: string): Promise<{ fileName: string; body: Buffer; expiresAt: Date }> {
    const found = await this.downloadState(token);
    const [file] = await this.em
      .fork()
      .execute<Array<{ export_file: Buffer | null }>>(`select export_file from data_requests where id = ?`, [found.id]);
    if (!file?.export_file) throw AppError.gone(DOWNLOAD_EXPIRED, 'DATA_EXPORT_EXPIRED');
    return { fileName: found.fileName, body: file.export_file, expiresAt: found.expiresAt };
  }

  /** Whether a download link still works, without sending the file (the download page asks first). */
  async downloadState(token: string): Promise<{ id: string; fileName: string; expiresAt: Date }> {
    if (typeof token !== 'string' || token.length > 200)
      throw AppError.notFound(DOWNLOAD_UNKNOWN, 'DATA_EXPORT_UNKNOWN');
    const [row] = await this.em
      .fork()
      .execute<Array<{ id: string; export_file_name: string | null; download_expires_at: Date | null; kept: boolean }>>(
        `select id, export_file_name, download_expires_at, export_file is not null as kept
         from data_requests where download_token_hash = ?`,
        [sha256Hex(token)],
      );
    if (!row || !row.download_expires_at) throw AppError.notFound(DOWNLOAD_UNKNOWN, 'DATA_EXPORT_UNKNOWN');
    if (!row.kept || new Date(row.download_expires_at).getTime() <= Date.now()) {
      throw AppError.gone(DOWNLOAD_EXPIRED, 'DATA_EXPORT_EXPIRED');
    }
    return {
      id: row.id,
      fileName: row.export_file_name ?? 'your-data.zip',
      expiresAt: new Date(row.download_expires_at),
    };
  }

  /** The repeating job: deletes every export whose link has expired. */
  async deleteExpiredExports(): Promise<number> {
    const rows = await this.em.fork().execute<Array<{ id: string }>>(
      `update data_requests set export_file = null, updated_at = now()
        where export_file is not null and download_expires_at <= now() returning id`,
    );
    return rows.length;
  }

  // ---------------------------------------------------------------- erasure

  /**
   * Erases the person of an erasure request: every holder's erase in ONE transaction, the emails'
   * records, the audit log's quotes of them, 'erased' rows in the consent ledger (which keeps only
   * the subject key), and the request itself keeps only its key, kind, dates and counts.
   */
  async erase(requestId: string): Promise<DataRequestView> {
    return this.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<RequestRow[]>(`select ${COLUMNS} from data_requests where id = ? for update`, [
        requestId,
      ]);
      if (!row) throw AppError.notFound('No data request has this id.');
      if (row.kind !== 'erasure') throw AppError.conflict('This is a request for a copy of the data, not an erasure.');
      if (!OPEN.includes(row.status)) throw AppError.conflict('This request has been answered already.');
      const subject = await this.subjectFor(tx, { email: row.subject_email, memberId: row.member_id });
      const counts: Record<string, number> = {};
      for (const holder of this.registry.all()) {
        for (const [kind, count] of Object.entries(await holder.erase(tx, subject))) {
          if (count > 0) counts[`${holder.name}.${kind}`] = count;
        }
      }
      const addresses = subjectAddresses(subject);
      const deliveries = await this.emails.forgetRecipients(tx, addresses);
      if (deliveries > 0) counts['emails.deliveries'] = deliveries;
      const quoted = await this.audit.redact(tx, searchableLiterals(subject));
      if (quoted > 0) counts['audit-log.quotes-removed'] = quoted;
      const keys = this.subjectKeys(subject);
      await this.consent.record(
        tx,
        keys.flatMap((subjectKey) =>
          CONSENT_PURPOSES.map((purpose) => ({
            subjectKey,
            subjectType: subject.memberId ? ('member' as const) : ('waitlist' as const),
            purpose,
            action: 'erased' as const,
            source: row.requested_by === 'staff' ? ('staff' as const) : ('system' as const),
          })),
        ),
      );
      // Their other requests (an export's zip above all) keep only what this one keeps.
      await tx.execute(
        `update data_requests set subject_email = null, member_id = null, export_file = null, notes = null,
                download_token_hash = null, updated_at = now()
          where id <> ? and (subject_key = any(?::text[]) or lower(subject_email) = any(?::text[])
                             or (member_id is not null and member_id = ?))`,
        [requestId, pgTextArray(keys), pgTextArray(addresses), subject.memberId ?? null],
      );
      const [done] = await tx.execute<RequestRow[]>(
        `update data_requests set status = 'completed', completed_at = now(), subject_email = null, member_id = null,
                counts = ?::jsonb, updated_at = now()
          where id = ? returning ${COLUMNS}`,
        [JSON.stringify(counts), requestId],
      );
      await this.audit.record(tx, {
        action: 'data-request.erase',
        target: { type: 'data-request', id: requestId },
        changes: { status: [row.status, 'completed'] },
      });
      return viewOf(done);
    });
  }

  /** Every subject key of the person: one per address (the ledger keys a person by the address they used). */
  private subjectKeys(subject: DataSubject): string[] {
    return [...new Set(subject.emails.map((email) => this.consent.subjectKey(email)))];
  }

  // ---------------------------------------------------------------- staff

  /** The queue: open requests first (soonest due first), then answered ones, newest first. */
  async queue(query: { status?: 'open' | 'all'; page: number; pageSize: number }) {
    const em = this.em.fork();
    const where = query.status === 'all' ? '' : `where status = any('{${OPEN.join(',')}}'::text[])`;
    const rows = await em.execute<RequestRow[]>(
      `select ${COLUMNS} from data_requests ${where}
        order by (status = any('{${OPEN.join(',')}}'::text[])) desc,
                 case when status = any('{${OPEN.join(',')}}'::text[]) then due_at end asc,
                 received_at desc
        limit ? offset ?`,
      [query.pageSize, (query.page - 1) * query.pageSize],
    );
    const [{ total }] = await em.execute<Array<{ total: string }>>(
      `select count(*)::text as total from data_requests ${where}`,
    );
    return { data: rows.map((row) => viewOf(row)), total: Number(total) };
  }

  /** An owner starts a request for a person (by their address): an erasure is carried out at once. */
  async startByStaff(
    actor: { id: string },
    input: { kind: DataRequestKind; email: string; notes?: string | null },
  ): Promise<DataRequestView> {
    if (!(await this.holdsAnythingFor(input.email))) {
      throw AppError.notFound('We hold nothing about this address.', 'DATA_SUBJECT_UNKNOWN');
    }
    const opened = await this.open({
      kind: input.kind,
      email: input.email,
      requestedBy: 'staff',
      staffActorId: actor.id,
      notes: input.notes ?? null,
    });
    return input.kind === 'erasure' && OPEN.includes(opened.status) ? this.erase(opened.id) : opened;
  }

  /** The subject keys of every completed erasure: what to keep aside before restoring a backup. */
  async erasedKeys(): Promise<string[]> {
    const rows = await this.em
      .fork()
      .execute<Array<{ subject_key: string }>>(
        `select distinct subject_key from data_requests where kind = 'erasure' and status = 'completed' order by 1`,
      );
    return rows.map((r) => r.subject_key);
  }

  /**
   * After a restore from a backup: erases again everyone whose subject key a completed erasure
   * recorded (those of the restored database, and `subjectKeys` kept aside before the restore). The
   * holders list the addresses they keep; an address whose key matches is erased through a new
   * request, noted as re-applied. Answers the requests carried out.
   */
  async replayErasures(actor: { id: string } | null, subjectKeys: string[] = []): Promise<DataRequestView[]> {
    const keys = new Set([...subjectKeys, ...(await this.erasedKeys())]);
    if (keys.size === 0) return [];
    const em = this.em.fork();
    const found = new Map<string, string>();
    for (const holder of this.registry.all()) {
      for (const address of (await holder.addresses?.(em)) ?? []) {
        const key = this.consent.subjectKey(address);
        if (keys.has(key) && !found.has(key)) found.set(key, address);
      }
    }
    const done: DataRequestView[] = [];
    for (const email of found.values()) {
      const opened = await this.open({
        kind: 'erasure',
        email,
        requestedBy: 'staff',
        staffActorId: actor?.id,
        notes: 'Re-applied after a restore from a backup.',
      });
      done.push(OPEN.includes(opened.status) ? await this.erase(opened.id) : opened);
    }
    return done;
  }

  /** An owner carries out an open request: an erasure now; an export built (again) and emailed. */
  async complete(id: string): Promise<DataRequestView> {
    const row = await this.row(id);
    if (!OPEN.includes(row.status)) throw AppError.conflict('This request has been answered already.');
    if (row.kind === 'erasure') return this.erase(id);
    await this.buildExport(id);
    await this.em
      .fork()
      .transactional((tx) =>
        this.audit.record(tx, { action: 'data-request.complete', target: { type: 'data-request', id } }),
      );
    return viewOf(await this.row(id));
  }

  /** An owner refuses a request, saying why (kept as the request's note). */
  async refuse(id: string, note: string): Promise<DataRequestView> {
    return this.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<RequestRow[]>(
        `update data_requests set status = 'refused', completed_at = now(), notes = ?, updated_at = now()
          where id = ? and status = any(?::text[]) returning ${COLUMNS}`,
        [note, id, pgTextArray(OPEN)],
      );
      if (!row) {
        await this.row(id);
        throw AppError.conflict('This request has been answered already.');
      }
      await this.audit.record(tx, {
        action: 'data-request.refuse',
        target: { type: 'data-request', id },
        changes: { status: ['verified', 'refused'] },
      });
      return viewOf(row);
    });
  }

  private async row(id: string): Promise<RequestRow> {
    const [row] = await this.em.fork().execute<RequestRow[]>(`select ${COLUMNS} from data_requests where id = ?`, [id]);
    if (!row) throw AppError.notFound('No data request has this id.');
    return row;
  }

  /** For the mailer: the address and state of a request (null once erased). */
  async forMail(id: string): Promise<{
    email: string | null;
    kind: DataRequestKind;
    status: DataRequestStatus;
    downloadExpiresAt: Date | null;
    live: boolean;
  } | null> {
    const [row] = await this.em.fork().execute<
      Array<{
        subject_email: string | null;
        kind: DataRequestKind;
        status: DataRequestStatus;
        download_expires_at: Date | null;
        kept: boolean;
      }>
    >(`select subject_email, kind, status, download_expires_at, export_file is not null as kept from data_requests where id = ?`, [id]);
    if (!row) return null;
    const expires = row.download_expires_at ? new Date(row.download_expires_at) : null;
    return {
      email: row.subject_email,
      kind: row.kind,
      status: row.status,
      downloadExpiresAt: expires,
      live: row.kept && !!expires && expires.getTime() > Date.now(),
    };
  }
}
