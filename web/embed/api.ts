/** The widget's calls to the API: the v2 envelope, the credential in Access-Token, and the refusals' codes. */
import type { components } from '../api-types';

export type Slot = components['schemas']['V2Slot'];
export type Appointment = components['schemas']['V2Appointment'];
export type Business = components['schemas']['V2Business'];
/** GET /business: the business and whether it offers services (the service path). */
export type BusinessPage = components['schemas']['V2BusinessPage'];
export type Managed = components['schemas']['V2ManagedAppointment'];
/** A service (GET /services), a calendar (GET /calendars) and a start (GET /availability). */
export type Service = components['schemas']['V2Service'];
export type Calendar = components['schemas']['V2Calendar'];
export type Start = components['schemas']['V2AvailableStart'];
/** Why the API refused: the pages decide on it (and the status), never on the message. */
export type ErrorCode = components['schemas']['V2Error']['code'];

export interface Answer<T> {
  ok: boolean;
  status: number;
  data: T;
  /** A refusal's code; null on success, or when no answer came (status 0) or it was not the API's. */
  code: ErrorCode | null;
  retryAfter: number;
}

/** The API a script was loaded from: `<script src="https://api.example.com/embed.js">` → that origin. */
export const scriptOrigin = (): string => {
  const script = document.currentScript as HTMLScriptElement | null;
  try {
    return new URL(script?.src ?? '', location.href).origin;
  } catch {
    return location.origin;
  }
};

export class Api {
  constructor(
    readonly base: string,
    private readonly credential: string,
  ) {}

  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'Access-Token': this.credential };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    try {
      const response = await fetch(`${this.base}/api/v2${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      const json = (await response.json().catch(() => ({}))) as {
        data?: T;
        code?: ErrorCode;
      };
      return {
        ok: response.ok,
        status: response.status,
        data: json.data as T,
        code: response.ok ? null : (json.code ?? null),
        retryAfter: Number(response.headers.get('retry-after') ?? 0),
      };
    } catch {
      // A refused preflight or no network: the browser gives no status.
      return { ok: false, status: 0, data: undefined as T, code: null, retryAfter: 0 };
    }
  }
}

/** Today and the clock time now in the business's zone: a slot starting before is never offered. */
export function nowIn(timezone: string, at = new Date()): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** The date `days` after a date YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** A fresh Idempotency-Key: one per attempt to book, so a double click books once. */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? `w-${crypto.randomUUID()}`
    : `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
