import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AuditService, changesBetween, created } from '../audit';
import { CreateVendorDto, UpdateVendorDto } from './dto/vendor-fields.dto';
import { pageOf, type PageQueryDto } from '../../common/page-query.dto';
import { Vendor, vendorView, type VendorStatus, type VendorView } from './vendor.entity';

export type { VendorView };
import { findCategory, isSubcategoryOf } from './vendor-taxonomy';

/** What another module (the approval of an application) hands over to file a new vendor. */
export interface NewVendor {
  name: string;
  category: string;
  subcategory?: string | null;
  description?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  googlePlaceId?: string | null;
  website?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  status?: VendorStatus;
  onboardingStep?: number;
  notes?: string | null;
  lat?: number | null;
  lng?: number | null;
}

const DEFAULT_COUNTRY = 'United States';
/**
 * How often a kept list of active partners is read again, in the background: another api
 * process's change reaches this one within this. A write in this process clears the lists at once.
 */
export const ACTIVE_REFRESH_MS = 10_000;
/** A kept list nobody has asked for in this long is dropped rather than read again. */
const ACTIVE_UNUSED_MS = 10 * 60_000;

interface ActiveList {
  categories: string[] | null;
  limit: number;
  vendors: Promise<VendorView[]>;
  usedAt: number;
  refreshing?: boolean;
}

@Injectable()
export class VendorsService implements OnModuleDestroy {
  private readonly logger = new Logger(VendorsService.name);
  /**
   * Active partners by categories and limit, as read (or being read). A vendor write empties it,
   * so a read begun before the write finds its list gone and is not kept.
   */
  private readonly active = new Map<string, ActiveList>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
  ) {
    // Whatever path writes a vendor (the admin, an approved application), the next read is fresh.
    const forget = () => this.active.clear();
    em.getEventManager().registerSubscriber({
      getSubscribedEntities: () => [Vendor],
      afterCreate: forget,
      afterUpdate: forget,
      afterDelete: forget,
    });
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The admin grid, newest first, one page at a time. */
  async list(query: PageQueryDto): Promise<{ data: VendorView[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const [vendors, total] = await this.em
      .fork()
      .findAndCount(Vendor, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
    return { data: vendors.map(vendorView), total };
  }

  /**
   * The partners members may be offered (read by the concierge), in one or several categories.
   * Kept in memory and read again every ACTIVE_REFRESH_MS by a timer, not by a caller: a concierge
   * reply waits on the database only for the very first read, and never shares its way to the
   * model with a refresh, which would delay the reply's first token (bench:chat-stream measures it).
   */
  listActive(options: { category?: string; categories?: string[]; limit?: number } = {}): Promise<VendorView[]> {
    const categories = options.categories ?? (options.category ? [options.category] : null);
    const limit = options.limit ?? 200;
    const key = `${categories?.join(',') ?? '*'}:${limit}`;
    const kept = this.active.get(key);
    if (kept) {
      kept.usedAt = Date.now();
      return kept.vendors;
    }
    const read = this.readActive(categories, limit);
    const list: ActiveList = { categories, limit, vendors: read, usedAt: Date.now(), refreshing: true };
    this.active.set(key, list);
    read.then(
      () => (list.refreshing = false),
      // A failed first read is not kept: the next caller asks again.
      () => this.active.get(key) === list && this.active.delete(key),
    );
    this.keepFresh();
    return read;
  }

  private keepFresh(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.refreshActive(), ACTIVE_REFRESH_MS);
    this.timer.unref();
  }

  /** Reads every list in use again; the list in hand stays until a read of it succeeds. */
  private refreshActive(): void {
    const now = Date.now();
    for (const [key, list] of this.active) {
      if (now - list.usedAt > ACTIVE_UNUSED_MS) {
        this.active.delete(key);
        continue;
      }
      if (list.refreshing) continue;
      list.refreshing = true;
      this.readActive(list.categories, list.limit).then(
        (vendors) => {
          list.refreshing = false;
          if (this.active.get(key) === list) list.vendors = Promise.resolve(vendors);
        },
        (error: Error) => {
          list.refreshing = false;
          this.logger.warn(`Active partners not refreshed: ${error.message}`);
        },
      );
    }
  }

  private async readActive(categories: string[] | null, limit: number): Promise<VendorView[]> {
    const where = categories
      ? { status: 'active' as const, category: { $in: categories } }
      : { status: 'active' as const };
    const found = await this.em.fork().find(Vendor, where, { orderBy: { name: 'asc' }, limit });
    return found.map(vendorView);
  }

  /** Vendors whose name, city or address contains every word of the text (for the places search). */
  async searchDirectory(text: string, limit = 50): Promise<VendorView[]> {
    const words = text
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 6)
      .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (words.length === 0) return [];
    const where = words
      .map(() => `(name ilike ? or coalesce(city, '') ilike ? or coalesce(address, '') ilike ?)`)
      .join(' and ');
    const params = words.flatMap((w) => [w, w, w]);
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: number }>>(
        `select id from vendors where status <> 'inactive' and ${where} order by name limit ${Number(limit)}`,
        params,
      );
    if (rows.length === 0) return [];
    const vendors = await this.em
      .fork()
      .find(Vendor, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { name: 'asc' } });
    return vendors.map(vendorView);
  }

  async findView(id: number): Promise<VendorView | null> {
    const vendor = await this.em.fork().findOne(Vendor, { id });
    return vendor ? vendorView(vendor) : null;
  }

  async create(input: CreateVendorDto): Promise<VendorView> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const vendor = await this.createIn(tx, this.fromDto(input) as NewVendor);
      await this.audit.record(tx, {
        action: 'vendor.create',
        target: { type: 'vendor', id: String(vendor.id) },
        changes: created(vendor, ['name', 'category', 'status']),
      });
      return vendor;
    });
  }

  /**
   * Files a vendor inside the caller's transaction, so approving an application and creating its
   * vendor commit together or not at all.
   */
  async createIn(em: EntityManager, input: NewVendor): Promise<VendorView> {
    this.assertCategory(input.category, input.subcategory ?? null);
    const vendor = em.create(Vendor, {
      ...input,
      country: input.country || DEFAULT_COUNTRY,
      status: input.status ?? 'pending',
      onboardingStep: input.onboardingStep ?? 1,
    });
    await em.flush();
    return vendorView(vendor);
  }

  async update(id: number, input: UpdateVendorDto): Promise<VendorView> {
    const em = this.em.fork();
    const vendor = await em.transactional(async (tx) => {
      const found = await tx.findOne(Vendor, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!found) throw AppError.notFound('Vendor not found');
      const changes = this.fromDto(input);
      const category = changes.category ?? found.category;
      let subcategory: string | null;
      if ('subcategory' in changes) {
        subcategory = changes.subcategory ?? null;
        this.assertCategory(category, subcategory);
      } else {
        this.assertCategory(category, null);
        // A new category drops a subcategory that belonged to the old one.
        subcategory = found.subcategory && isSubcategoryOf(category, found.subcategory) ? found.subcategory : null;
      }
      const before = { ...found };
      tx.assign(found, { ...changes, subcategory });
      await tx.flush();
      await this.audit.record(tx, {
        action: 'vendor.update',
        target: { type: 'vendor', id: String(id) },
        changes: changesBetween<Vendor>(before, found, [...Object.keys(changes), 'subcategory'] as Array<
          keyof Vendor & string
        >),
      });
      return found;
    });
    return vendorView(vendor);
  }

  private assertCategory(category: string, subcategory: string | null): void {
    if (!findCategory(category)) throw AppError.badRequest('Category not found', { category: 'Category not found' });
    if (subcategory && !isSubcategoryOf(category, subcategory)) {
      throw AppError.badRequest('Subcategory not found in this category', {
        subcategory: 'Subcategory not found in this category',
      });
    }
  }

  /** DTO fields to entity fields: placeId is googlePlaceId, location is lat/lng, '' is null. */
  private fromDto(input: CreateVendorDto | UpdateVendorDto): Partial<NewVendor> {
    const { placeId, location, ...rest } = input;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      out[key] = value === '' && key !== 'name' && key !== 'category' ? null : value;
    }
    if ('country' in out && !out.country) out.country = DEFAULT_COUNTRY;
    if (placeId !== undefined && out.googlePlaceId === undefined) out.googlePlaceId = placeId || null;
    if (location !== undefined) {
      out.lat = location?.lat ?? null;
      out.lng = location?.lng ?? null;
    }
    if ((out.lat == null) !== (out.lng == null) && ('lat' in out || 'lng' in out)) {
      throw AppError.badRequest('Location needs both latitude and longitude', {
        location: 'Location needs both latitude and longitude',
      });
    }
    return out as Partial<NewVendor>;
  }
}
