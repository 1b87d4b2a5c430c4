import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { DirectoryVendor, MessageCategory } from '../../platform/ai/types';

/** The partners a concierge reply may recommend. */
export abstract class VendorDirectory {
  abstract findActive(topic: MessageCategory, city: string | null, limit?: number): Promise<DirectoryVendor[]>;
}

/** Vendor categories (the service catalogue's ids) that serve each message topic. */
const CATEGORIES_FOR: Record<MessageCategory, string[]> = {
  travel: ['hotels', 'transportation', 'experiences'],
  dining: ['restaurants'],
  property: ['hotels'],
  events: ['experiences'],
  wellness: ['wellness'],
  fashion: ['fashion'],
  transportation: ['transportation'],
  art: ['other'],
  concierge: ['other', 'experiences'],
  default: [],
};

/**
 * Reads the active vendors of the directory (the vendors module's table) with one query. The
 * concierge module must not break while the directory does not exist yet in a database, so it
 * asks PostgreSQL whether the table is there first.
 */
@Injectable()
export class SqlVendorDirectory extends VendorDirectory {
  private readonly logger = new Logger(SqlVendorDirectory.name);
  private tableSeen = false;

  constructor(private readonly em: EntityManager) {
    super();
  }

  private async hasTable(): Promise<boolean> {
    if (this.tableSeen) return true;
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ present: boolean }>>(`select to_regclass('public.vendors') is not null as present`);
    this.tableSeen = Boolean(row?.present);
    return this.tableSeen;
  }

  async findActive(topic: MessageCategory, city: string | null, limit = 3): Promise<DirectoryVendor[]> {
    const categories = CATEGORIES_FOR[topic];
    if (categories.length === 0) return [];
    try {
      if (!(await this.hasTable())) return [];
      const params: unknown[] = [categories];
      let where = `status = 'active' and category in (?)`;
      if (city) {
        where += ` and lower(city) = lower(?)`;
        params.push(city);
      }
      params.push(limit);
      return await this.em
        .getConnection()
        .execute<DirectoryVendor[]>(
          `select name, category, city, description from vendors where ${where} order by name limit ?`,
          params,
        );
    } catch (error) {
      // A reply without recommendations beats no reply.
      this.logger.warn(`Vendor directory unavailable: ${(error as Error).message}`);
      return [];
    }
  }
}
