/**
 * The console's calls to the v2 API: same origin, the session cookie (never a token), the v2 envelope.
 * A change carries the page's Origin by itself (the browser sends it on a same-origin POST), which the API
 * requires of a session's change.
 */
import type { components } from '../api-types';

type Schemas = components['schemas'];
export type Calendar = Schemas['V2Calendar'];
export type Service = Schemas['V2Service'];
export type Start = Schemas['V2AvailableStart'];
export type Slot = Schemas['V2Slot'];
export type TimeOff = Schemas['V2TimeOff'];

/*
 * The records of the routes of issue 60 (GET /me, GET /appointments) and the business as this console reads
 * them: written here, to what the API answers (docs/CONTRACT.md#appointments, #staff-and-sessions).
 */
export interface Me {
  email: string;
  role: 'owner' | 'staff';
  account: string;
  calendar_ids: number[];
}
export interface Business {
  name: string | null;
  timezone: string;
  language: 'en' | 'fr';
  default_calendar_id: number;
  locale?: string;
}
export type Status = 'pending' | 'confirmed' | 'cancelled' | 'completed' | 'no_show';
export interface Item {
  id: number;
  status: Status;
  date: string;
  start_time: string;
  end_time: string;
  calendar_id: number;
  calendar_name: string;
  slot_id: number;
  client_id: number;
  client_name: string;
  client_phone: string;
  client_email: string | null;
  service_id: number | null;
  service_name: string | null;
}
export interface Page {
  appointments: Item[];
  next_cursor: string | null;
}

export interface Answer<T> {
  ok: boolean;
  status: number;
  data: T;
  /** The API's words for a refusal (its envelope's message), or a line of ours when no answer came. */
  message: string;
  code: string | null;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

const queryString = (query: Query): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A GET (query) or a POST (body) to /api/v2; never throws. */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  input: Query | object = {},
  idempotencyKey?: string,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const url = `/api/v2${path}${method === 'GET' ? queryString(input as Query) : ''}`;
  try {
    const response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
    });
    const json = (await response.json().catch(() => ({}))) as { data?: T; message?: string; code?: string };
    return {
      ok: response.ok,
      status: response.status,
      data: json.data as T,
      message: json.message ?? `the API answered ${response.status}`,
      code: response.ok ? null : (json.code ?? null),
    };
  } catch {
    return {
      ok: false,
      status: 0,
      data: undefined as T,
      message: 'no answer: check the connection',
      code: null,
    };
  }
}

/** Every page of the appointments of a range (the list is cursor-paged by start). */
export async function allAppointments(query: Query): Promise<Answer<Item[]>> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const answer: Answer<Page> = await call<Page>('GET', '/appointments', { ...query, limit: 100, cursor });
    if (!answer.ok) return { ...answer, data: items };
    items.push(...answer.data.appointments);
    cursor = answer.data.next_cursor;
    if (!cursor) break;
  }
  return { ok: true, status: 200, data: items, message: '', code: null };
}

/** A fresh Idempotency-Key: one per form shown, so a double click books once. */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? `c-${crypto.randomUUID()}`
    : `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
