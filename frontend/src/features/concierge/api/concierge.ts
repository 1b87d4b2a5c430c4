import { apiGet, apiRequest, ApiError } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

/** Browser storage keys of the concierge (spec, section 9). */
export const STORAGE_KEYS = {
  threads: 'mf.concierge.threads',
  sessionId: 'mf.concierge.sessionId',
  /** A routing hint only: the server's cookie is what grants access. */
  authenticated: 'mf.concierge.authenticated',
} as const;

export function setAuthenticatedHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.authenticated, 'true');
    else localStorage.removeItem(STORAGE_KEYS.authenticated);
  } catch {
    // Storage may be disabled; the server session still decides.
  }
}

export function hasAuthenticatedHint(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.authenticated) === 'true';
  } catch {
    return false;
  }
}

export async function authenticate(password: string): Promise<void> {
  await apiRequest('POST', '/api/concierge/auth', { password });
}

export async function hasSession(): Promise<boolean> {
  const answer = await apiGet<{ data: { authenticated: boolean } }>('/api/concierge/session');
  return answer.data.authenticated;
}

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/concierge/logout');
}

/** A 4-5 word title from the server; 'New conversation' when it cannot make one. */
export async function requestTitle(message: string): Promise<string> {
  try {
    const answer = await apiRequest<{ data: { title: string } }>('POST', '/api/chat/title', { message });
    return answer.data.title || 'New conversation';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    console.error('Title generation failed', error);
    return 'New conversation';
  }
}

export interface ChatAnswer {
  response: string;
  timestamp: string;
  requestId?: string;
}

/** Where the member is, once a place name is known (spec, section 7). */
export interface UserLocation {
  latitude: number;
  longitude: number;
  locationName: string;
}

export async function sendChat(body: {
  message: string;
  conversationHistory: Array<{ role: 'user' | 'assistant'; content: string }>;
  sessionId: string;
  userLocation?: UserLocation;
}): Promise<ChatAnswer> {
  const answer = await apiRequest<{ data: ChatAnswer }>('POST', '/api/chat', body);
  return answer.data;
}

/** The concierge session id: a UUID made once and kept in browser storage. */
export function conciergeSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.sessionId);
    if (stored) return stored;
    const id = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.sessionId, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/** What the concierge understood of a request (spec, section 3). */
export interface ParsedEntities {
  mainCategory: string;
  location: string | null;
  timeline: string | null;
  urgency: string;
  budget: string | null;
  preferences: string[];
}

export type UserRequest = ApiSchema<'UserRequest'>;

/** A follow-up question about what the request still lacks. */
export async function nextStep(requestId: string): Promise<string> {
  const answer = await apiRequest<{ data: { content: string } }>(
    'POST',
    `/api/user-requests/${encodeURIComponent(requestId)}/next-step`,
  );
  return answer.data.content;
}

export async function fetchUserRequests(sessionId: string): Promise<UserRequest[]> {
  const answer = await apiGet<{ data: UserRequest[] }>(`/api/user-requests?sessionId=${encodeURIComponent(sessionId)}`);
  return answer.data;
}

export async function fetchUserRequest(requestId: string): Promise<UserRequest> {
  const answer = await apiGet<{ data: { request: UserRequest } }>(
    `/api/user-requests/${encodeURIComponent(requestId)}`,
  );
  return answer.data.request;
}

export type TimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';

/** The light of the member's own hour, for the illustration. */
export function timeOfDay(date = new Date()): TimeOfDay {
  const hour = date.getHours();
  if (hour >= 5 && hour < 9) return 'dawn';
  if (hour >= 9 && hour < 17) return 'day';
  if (hour >= 17 && hour < 21) return 'dusk';
  return 'night';
}

/** The illustration of a reply's topic, drawn by the worker; throws when it is not ready in time. */
export async function generateImage(body: {
  category: string;
  place?: string;
  timeOfDay: TimeOfDay;
  sessionId: string;
}): Promise<string> {
  const answer = await apiRequest<{ data: { imageUrl: string } }>('POST', '/api/generate-image', body);
  return answer.data.imageUrl;
}

export interface ReverseGeocode {
  locationName: string | null;
  city: string | null;
  country: string | null;
}

export async function reverseGeocode(latitude: number, longitude: number): Promise<ReverseGeocode> {
  const answer = await apiGet<{ data: ReverseGeocode }>(
    `/api/geo/reverse?lat=${latitude.toFixed(6)}&lon=${longitude.toFixed(6)}`,
  );
  return answer.data;
}
