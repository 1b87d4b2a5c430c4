import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { UUID } from '../../common/uuid';
import { AuditService } from '../audit';
import { AdminAuthService } from './admin-auth.service';
import { Admin } from './admin.entity';
import type { CreateStaffDto, UpdateStaffDto } from './dto/staff.dto';
import type { StaffRole, StaffStatus } from './staff-roles';

export interface StaffAccountView {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  status: StaffStatus;
  doorEventIds: number[];
  createdAt: string;
  updatedAt: string;
}

export const LAST_OWNER = 'The house needs at least one active owner: make another owner first.';
const STAFF_NOT_FOUND = 'Staff account not found.';
const USERNAME_TAKEN = 'Another staff account already has this username.';

function viewOf(admin: Admin): StaffAccountView {
  return {
    id: admin.id,
    username: admin.username,
    displayName: admin.displayName,
    role: admin.role,
    status: admin.status,
    // Only a door account is limited to events; another role keeps none.
    doorEventIds: admin.role === 'door' ? [...admin.doorEventIds] : [],
    createdAt: admin.createdAt.toISOString(),
    updatedAt: admin.updatedAt.toISOString(),
  };
}

/** The owners' side of staff accounts: list, create, change (role, status, door events) and reset. */
@Injectable()
export class StaffAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AdminAuthService,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<StaffAccountView[]> {
    const accounts = await this.em.fork().find(Admin, {}, { orderBy: { createdAt: 'asc', username: 'asc' } });
    return accounts.map(viewOf);
  }

  async create(body: CreateStaffDto): Promise<StaffAccountView> {
    const hash = await this.auth.hashNewPassword(body.password);
    try {
      return await this.em.fork().transactional(async (tx) => {
        const admin = tx.create(Admin, {
          username: body.username,
          displayName: body.displayName,
          role: body.role,
          doorEventIds: body.role === 'door' ? unique(body.doorEventIds ?? []) : [],
          passwordHash: hash,
        });
        await tx.flush();
        const view = viewOf(admin);
        await this.audit.record(tx, {
          action: 'staff.create',
          target: { type: 'staff', id: view.id },
          changes: {
            username: [null, view.username],
            displayName: [null, view.displayName],
            role: [null, view.role],
            doorEventIds: [null, view.doorEventIds],
          },
        });
        return view;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw AppError.conflict(USERNAME_TAKEN, 'USERNAME_TAKEN');
      }
      throw error;
    }
  }

  /**
   * Changes an account's display name, role, status or door events. The active owners are locked
   * first, so two owners demoting each other at once cannot leave the house without one.
   */
  async update(id: string, body: UpdateStaffDto): Promise<StaffAccountView> {
    if (!UUID.test(id)) throw AppError.notFound(STAFF_NOT_FOUND);
    return this.em.fork().transactional(async (tx) => {
      const owners = await tx.execute<Array<{ id: string }>>(
        `select id from admins where role = 'owner' and status = 'active' order by id for update`,
      );
      const admin = await tx.findOne(Admin, { id });
      if (!admin) throw AppError.notFound(STAFF_NOT_FOUND);
      const before = viewOf(admin);
      const role = body.role ?? admin.role;
      const status = body.status ?? admin.status;
      const staysActiveOwner = role === 'owner' && status === 'active';
      const wasActiveOwner = owners.some((owner) => owner.id === admin.id);
      if (wasActiveOwner && !staysActiveOwner && owners.length <= 1) {
        throw AppError.conflict(LAST_OWNER, 'LAST_OWNER');
      }
      if (body.displayName !== undefined) admin.displayName = body.displayName;
      admin.role = role;
      admin.status = status;
      if (body.doorEventIds !== undefined) admin.doorEventIds = unique(body.doorEventIds);
      if (role !== 'door') admin.doorEventIds = [];
      admin.updatedAt = new Date();
      await tx.flush();
      const after = viewOf(admin);
      const changes: Record<string, [unknown, unknown]> = {};
      for (const field of ['displayName', 'role', 'status', 'doorEventIds'] as const) {
        if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
          changes[field] = [before[field], after[field]];
      }
      // A role change or a suspension is one row with what changed; a save that changed nothing writes none.
      if (Object.keys(changes).length > 0) {
        await this.audit.record(tx, { action: 'staff.update', target: { type: 'staff', id }, changes });
      }
      return after;
    });
  }

  /** Sets a new password; the old one stops working on every api process at once. */
  async resetPassword(id: string, password: string): Promise<void> {
    if (!UUID.test(id)) throw AppError.notFound(STAFF_NOT_FOUND);
    const hash = await this.auth.hashNewPassword(password);
    await this.em.fork().transactional(async (tx) => {
      const admin = await tx.findOne(Admin, { id });
      if (!admin) throw AppError.notFound(STAFF_NOT_FOUND);
      admin.passwordHash = hash;
      admin.updatedAt = new Date();
      await tx.flush();
      await this.audit.record(tx, { action: 'staff.password-reset', target: { type: 'staff', id } });
    });
  }
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}
