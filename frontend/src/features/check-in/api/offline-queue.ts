/**
 * Scans made while the network is down wait on the device (localStorage, one list per event) and
 * are sent in order when it returns. Each keeps the time it was scanned, so the check-in is dated
 * at the door, not at the sync; the server records a pass once, so a scan sent twice is harmless.
 */
export interface QueuedScan {
  id: string;
  token?: string;
  rsvpId?: string;
  /** Whole party when absent. */
  guests?: number;
  /** Shown on the device until it syncs. */
  label: string;
  scannedAt: string;
}

export interface ScanStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const keyFor = (eventId: number) => `mf.checkin.queue.${eventId}`;

export function readQueue(storage: ScanStorage, eventId: number): QueuedScan[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyFor(eventId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function write(storage: ScanStorage, eventId: number, scans: QueuedScan[]): void {
  try {
    storage.setItem(keyFor(eventId), JSON.stringify(scans));
  } catch {
    // Storage full or refused: the scan stays in memory only, for this page's life.
  }
}

export function enqueueScan(storage: ScanStorage, eventId: number, scan: Omit<QueuedScan, 'id'>): QueuedScan[] {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const next = [...readQueue(storage, eventId), { ...scan, id }];
  write(storage, eventId, next);
  return next;
}

/** Whether a failure means the server never answered (offline), not that it refused the scan. */
export const isOffline = (error: unknown) => (error as { status?: number } | null)?.status === 0;

/**
 * Sends the queued scans oldest first. A scan the server answered (accepted, already checked in,
 * or refused with a reason) leaves the queue; the first that cannot reach the server stops the
 * sync and it and the rest wait for the next one. Answers what was sent and what the server said.
 */
export async function syncQueue(
  storage: ScanStorage,
  eventId: number,
  send: (scan: QueuedScan) => Promise<void>,
): Promise<{ sent: number; refused: Array<{ scan: QueuedScan; message: string }>; left: number }> {
  const refused: Array<{ scan: QueuedScan; message: string }> = [];
  let sent = 0;
  for (const scan of readQueue(storage, eventId)) {
    try {
      await send(scan);
      sent += 1;
    } catch (error) {
      if (isOffline(error)) break;
      refused.push({ scan, message: error instanceof Error ? error.message : String(error) });
    }
    // Re-read: scans queued meanwhile stay.
    write(
      storage,
      eventId,
      readQueue(storage, eventId).filter((s) => s.id !== scan.id),
    );
  }
  return { sent, refused, left: readQueue(storage, eventId).length };
}
