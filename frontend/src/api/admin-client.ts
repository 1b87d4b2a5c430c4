/**
 * The admin side of the API client: every /api/admin call goes through `adminRequest`, which adds
 * the HTTP Basic header kept in sessionStorage (only there: it dies with the tab). A 401 on any
 * admin call forgets the header and tells the admin page (see `onAdminAuthExpired`) to show the
 * login again with 'Authentication expired'.
 */
import { useQuery, type UseQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiRequest, type HttpMethod, type RequestOptions } from './client';

export const ADMIN_AUTH_KEY = 'mf.admin.auth';

export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed. Please try again.',
  requestFailed: 'Request failed',
  notAuthenticated: 'Not authenticated',
  authenticationExpired: 'Authentication expired',
} as const;

/** `Authorization` value for a username and password (UTF-8 safe). */
export function basicHeader(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export function getAdminAuth(): string | null {
  try {
    return sessionStorage.getItem(ADMIN_AUTH_KEY);
  } catch {
    return null;
  }
}

export function setAdminAuth(header: string): void {
  try {
    sessionStorage.setItem(ADMIN_AUTH_KEY, header);
  } catch {
    // Storage refused (private mode): the admin signs in again on the next load.
  }
}

export function clearAdminAuth(): void {
  try {
    sessionStorage.removeItem(ADMIN_AUTH_KEY);
  } catch {
    // Nothing stored.
  }
}

type ExpiredListener = (message: string) => void;
const expiredListeners = new Set<ExpiredListener>();

/** Called with 'Authentication expired' when an admin call answers 401. Returns the unsubscribe. */
export function onAdminAuthExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

function authExpired(): ApiError {
  clearAdminAuth();
  for (const listener of [...expiredListeners]) listener(ADMIN_MESSAGES.authenticationExpired);
  return new ApiError(401, ADMIN_MESSAGES.authenticationExpired, {}, undefined, 'UNAUTHORIZED');
}

/** A readable message: the server's own text when it gave one, else the spec's 'Request failed'. */
function readable(error: ApiError): ApiError {
  if (error.status === 0 || error.message === error.summary) {
    return new ApiError(
      error.status,
      ADMIN_MESSAGES.requestFailed,
      error.fields,
      error.summary,
      error.code,
      error.declineCode,
    );
  }
  return error;
}

export interface AdminRequestOptions extends Omit<RequestOptions, 'on401'> {
  /** Use these credentials instead of the stored ones (e.g. a one-off check), and never store them. */
  auth?: string;
}

/**
 * Calls an admin endpoint with the stored credentials. Throws ApiError: 'Not authenticated' when
 * nothing is stored, 'Authentication expired' on a 401 (and signs the page out), the server's
 * readable error or 'Request failed' otherwise.
 */
export async function adminRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  opts: AdminRequestOptions = {},
): Promise<T> {
  const { auth: explicit, ...rest } = opts;
  const auth = explicit ?? getAdminAuth();
  if (!auth) throw new ApiError(401, ADMIN_MESSAGES.notAuthenticated, {}, undefined, 'UNAUTHORIZED');
  try {
    return await apiRequest<T>(method, path, body, { ...rest, headers: { ...rest.headers, Authorization: auth } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) {
      if (explicit) throw new ApiError(401, ADMIN_MESSAGES.invalidCredentials, {}, undefined, 'UNAUTHORIZED');
      throw authExpired();
    }
    throw readable(error);
  }
}

/**
 * Checks a username and password with GET /api/admin/auth. Answers the header to use; throws
 * 'Invalid credentials', the server's text for a suspended account or a 429, or 'Login failed.
 * Please try again.'.
 */
export async function verifyAdminCredentials(username: string, password: string): Promise<string> {
  const header = basicHeader(username, password);
  try {
    await apiRequest('GET', '/api/admin/auth', undefined, { headers: { Authorization: header } });
    return header;
  } catch (error) {
    // A suspended account's right password is told so, in the server's words.
    if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') throw error;
    if (error instanceof ApiError && error.status === 401)
      throw new ApiError(401, ADMIN_MESSAGES.invalidCredentials, {}, undefined, 'UNAUTHORIZED');
    if (error instanceof ApiError && error.status === 429) throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 0, ADMIN_MESSAGES.loginFailed);
  }
}

/** Signs in: checks the credentials and keeps the header in sessionStorage. */
export async function adminSignIn(username: string, password: string): Promise<void> {
  setAdminAuth(await verifyAdminCredentials(username, password));
}

export function adminSignOut(): void {
  clearAdminAuth();
}

/**
 * Downloads an admin file (e.g. the CSV export): asks `linkPath` for a short-lived, single-use
 * download link with the stored credentials, then lets the browser follow it, so the file streams
 * to disk instead of being held in the tab (a plain navigation cannot carry the Authorization header).
 */
export async function adminDownload(linkPath: string): Promise<void> {
  const { data } = await adminRequest<{ data: { url: string } }>('POST', linkPath);
  const link = document.createElement('a');
  link.href = data.url;
  // Empty: the server's Content-Disposition names the file.
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** useQuery for an admin GET: `useAdminQuery<{data: Vendor[]}>(['admin', 'vendors'], '/api/admin/vendors')`. */
export function useAdminQuery<T>(
  key: QueryKey,
  path: string,
  options: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<T, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => adminRequest<T>('GET', path, undefined, { signal }),
    ...options,
  });
}
