import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EventView } from '../events';
import type { ReservationView } from './reservation-view';

/** A guest's answer as it stands after a change, inside the change's transaction (event and RSVP locked). */
export interface RsvpAnswerChange {
  em: EntityManager;
  rsvp: ReservationView;
  event: EventView;
  /** Absent for the guest's own answer; set when the waiting list changed it (an offer made or ended). */
  cause?: 'waiting-list';
}

export type RsvpAnswerListener = (change: RsvpAnswerChange) => Promise<void>;

/**
 * The domain event "a guest changed their answer". Modules that build on invitations (payments:
 * an open payment for the old answer must not be paid) subscribe at boot; invitations cannot
 * depend on them. Listeners run in the answer's transaction, so the answer and its consequences
 * commit together.
 */
@Injectable()
export class RsvpChanges {
  private readonly listeners: RsvpAnswerListener[] = [];

  subscribe(listener: RsvpAnswerListener): void {
    this.listeners.push(listener);
  }

  async publish(change: RsvpAnswerChange): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }
}
