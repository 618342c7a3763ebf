/** The calls that say who is signed in (login service, spec section 7). */
import type { CurrentUser } from '../../../schemas/api.ts';
import type { HttpClient } from '../http/client.ts';
import { errorStatus } from '../http/errors.ts';

export type { CurrentUser };

export interface SessionState {
  is_authenticated: boolean;
  username: string | null;
}

/** The signed-in user, or null when nobody is signed in (401). */
export async function fetchCurrentUser(http: HttpClient, signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const { json } = await http.request<CurrentUser>('login', { signal });
    return json;
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

export async function fetchSession(http: HttpClient, signal?: AbortSignal): Promise<SessionState> {
  try {
    const { json } = await http.request<SessionState>('login/session', { signal });
    return json;
  } catch (error) {
    if (errorStatus(error) === 401) return { is_authenticated: false, username: null };
    throw error;
  }
}

export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'username'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}
