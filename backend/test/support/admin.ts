import { AdminAuthService } from '../../src/modules/admin/admin-auth.service';
import type { TestApp } from './test-app';

export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password-123' };

/** `Authorization` header value for HTTP Basic. */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/**
 * Makes sure the test administrator exists (t.reset() empties the admins table) and answers its
 * Authorization header: `request(t.http).get('/api/admin/...').set('Authorization', await asAdmin(t))`.
 */
export async function asAdmin(t: TestApp): Promise<string> {
  await t.app.get(AdminAuthService).insertIfAbsent(TEST_ADMIN.username, TEST_ADMIN.password);
  return basic(TEST_ADMIN.username, TEST_ADMIN.password);
}

/**
 * Makes sure a staff account exists with this role (an owner can change it later through the Staff
 * API) and answers its Authorization header. The display name defaults to the username.
 */
export async function asStaff(
  t: TestApp,
  account: {
    username: string;
    password: string;
    role: 'owner' | 'events' | 'concierge' | 'door';
    displayName?: string;
    doorEventIds?: number[];
  },
): Promise<string> {
  await t.app.get(AdminAuthService).insertIfAbsent(account.username, account.password, account);
  return basic(account.username, account.password);
}
