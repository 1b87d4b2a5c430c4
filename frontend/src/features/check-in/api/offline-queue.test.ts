import { describe, expect, it } from 'vitest';
import { enqueueScan, readQueue, syncQueue, type QueuedScan, type ScanStorage } from './offline-queue';

function memoryStorage(): ScanStorage {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

const offline = () => Object.assign(new Error('Could not reach the server'), { status: 0 });
const refused = (message: string) => Object.assign(new Error(message), { status: 400 });

describe('the offline scan queue', () => {
  it('keeps scans per event with their scan time, in order', () => {
    const storage = memoryStorage();
    enqueueScan(storage, 1, { token: 'a', label: 'Pass', scannedAt: '2026-12-12T19:01:00.000Z' });
    enqueueScan(storage, 1, { rsvpId: 'r', guests: 2, label: 'Grace Kelly', scannedAt: '2026-12-12T19:02:00.000Z' });
    enqueueScan(storage, 2, { token: 'b', label: 'Pass', scannedAt: '2026-12-12T19:03:00.000Z' });
    expect(readQueue(storage, 1).map((s) => s.token ?? s.rsvpId)).toEqual(['a', 'r']);
    expect(readQueue(storage, 2)).toHaveLength(1);
  });

  it('sends every scan once the network is back, and keeps the rest when it drops again', async () => {
    const storage = memoryStorage();
    for (const token of ['a', 'b', 'c']) enqueueScan(storage, 1, { token, label: 'Pass', scannedAt: 'now' });
    const seen: string[] = [];
    let online = true;
    const send = async (scan: QueuedScan) => {
      if (!online) throw offline();
      seen.push(scan.token!);
      if (scan.token === 'b') online = false;
    };
    expect(await syncQueue(storage, 1, send)).toEqual({ sent: 2, refused: [], left: 1 });
    expect(readQueue(storage, 1).map((s) => s.token)).toEqual(['c']);
    online = true;
    expect(await syncQueue(storage, 1, send)).toEqual({ sent: 1, refused: [], left: 0 });
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('drops a scan the server refused, reporting why', async () => {
    const storage = memoryStorage();
    enqueueScan(storage, 1, { token: 'forged', label: 'Pass', scannedAt: 'now' });
    const result = await syncQueue(storage, 1, async () => {
      throw refused('This pass is not valid');
    });
    expect(result.left).toBe(0);
    expect(result.refused.map((r) => r.message)).toEqual(['This pass is not valid']);
  });

  it('reads a damaged queue as empty', () => {
    const storage = memoryStorage();
    storage.setItem('mf.checkin.queue.1', '{not json');
    expect(readQueue(storage, 1)).toEqual([]);
  });
});
