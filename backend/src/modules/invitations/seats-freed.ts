import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Seats of an event may have come free, inside the transaction that freed them. */
export interface SeatsFreedChange {
  em: EntityManager;
  eventId: number;
}

export type SeatsFreedListener = (change: SeatsFreedChange) => Promise<void>;

/**
 * The domain event "seats of event X may be free again": a refund gave a place up, a payment
 * hold ran out or was dropped. (A guest's own answer, a decline or a lower count, is told by
 * RsvpChanges.) The waiting list subscribes at boot to offer the seats to the next guest in
 * line; whoever frees seats need not know it exists. Listeners run in the caller's transaction,
 * so the freed seats and their offer commit together. Publishing when nothing was freed is
 * harmless: listeners recount the seats under the event's lock.
 */
@Injectable()
export class SeatsFreed {
  private readonly listeners: SeatsFreedListener[] = [];

  subscribe(listener: SeatsFreedListener): void {
    this.listeners.push(listener);
  }

  async publish(change: SeatsFreedChange): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }
}
