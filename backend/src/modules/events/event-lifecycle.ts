import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EventView } from './event-view';

/** An event at a turning point, inside the transaction that turns it (the event's row is locked). */
export interface EventLifecycleChange {
  em: EntityManager;
  event: EventView;
}

/** An event's capacity about to change, inside the change's transaction (the event's row is locked). */
export interface EventCapacityChange extends EventLifecycleChange {
  capacity: number;
}

/** An event created or changed (not cancelled), inside the change's transaction; `previous` is null when new. */
export interface EventSaved extends EventLifecycleChange {
  previous: EventView | null;
}

export type EventLifecycleListener = (change: EventLifecycleChange) => Promise<void>;

/**
 * The domain events "an event is about to be deleted", "its capacity is about to change", "an
 * event was created or changed" and "an event was cancelled". The modules
 * that build on events own what hangs off one: invitations remove their invitations and RSVPs
 * before the event goes (or refuse, while guests attend); payments refund when it is cancelled.
 * Events cannot depend on them, so they subscribe at boot. Listeners run in the change's
 * transaction: a refusal undoes it whole.
 */
@Injectable()
export class EventLifecycle {
  private readonly deleting: EventLifecycleListener[] = [];
  private readonly cancelled: EventLifecycleListener[] = [];
  private readonly capacityChanging: Array<(change: EventCapacityChange) => Promise<void>> = [];
  private readonly saved: Array<(change: EventSaved) => Promise<void>> = [];

  /** Invitations: reminders follow the start; attending guests hear of a new date, time or venue. */
  onSaved(listener: (change: EventSaved) => Promise<void>): void {
    this.saved.push(listener);
  }

  async publishSaved(change: EventSaved): Promise<void> {
    for (const listener of this.saved) await listener(change);
  }

  /** A listener may refuse the new capacity by throwing (invitations: below the seats taken). */
  onCapacityChanging(listener: (change: EventCapacityChange) => Promise<void>): void {
    this.capacityChanging.push(listener);
  }

  async publishCapacityChanging(change: EventCapacityChange): Promise<void> {
    for (const listener of this.capacityChanging) await listener(change);
  }

  onDeleting(listener: EventLifecycleListener): void {
    this.deleting.push(listener);
  }

  onCancelled(listener: EventLifecycleListener): void {
    this.cancelled.push(listener);
  }

  async publishDeleting(change: EventLifecycleChange): Promise<void> {
    for (const listener of this.deleting) await listener(change);
  }

  async publishCancelled(change: EventLifecycleChange): Promise<void> {
    for (const listener of this.cancelled) await listener(change);
  }
}
