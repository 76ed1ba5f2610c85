import { API_VERSION } from '../../../core/api';
import type { StorePing } from '../ports';

export interface ServiceInfo {
  name: string;
  version: string;
  status: string;
  debug_mode: boolean;
  supported_formats: string[];
  endpoints: Record<'calendars' | 'slots' | 'appointments' | 'statistics' | 'clients', string>;
}

export interface Health {
  status: 'ok' | 'degraded';
  timestamp: number;
  version: string;
  debug_mode: boolean;
  database: 'connected' | 'unreachable';
}

/** What the health check needs: a store probe, and whether v1 debug mode is on. */
export interface HealthServiceDeps {
  store: StorePing;
  debugMode: boolean;
  /** How long the probe may take before the store counts as unreachable (default 2 s). */
  deadlineMs?: number;
}

/** Service information and health (GET /api/ and GET /api/health). */
export class HealthService {
  constructor(private readonly deps: HealthServiceDeps) {}

  info(): ServiceInfo {
    return {
      name: 'Appointment Booking API',
      version: API_VERSION,
      status: 'operational',
      debug_mode: this.deps.debugMode,
      supported_formats: ['json', 'xml', 'csv'],
      endpoints: {
        calendars: '/api/calendars',
        slots: '/api/slots',
        appointments: '/api/appointments',
        statistics: '/api/statistics',
        clients: '/api/clients',
      },
    };
  }

  /** The store's real state: a strongly consistent read with a short deadline. */
  async health(now: Date = new Date()): Promise<Health> {
    const connected = await this.deps.store.ping(this.deps.deadlineMs ?? 2000);
    return {
      status: connected ? 'ok' : 'degraded',
      timestamp: Math.floor(now.getTime() / 1000),
      version: API_VERSION,
      debug_mode: this.deps.debugMode,
      database: connected ? 'connected' : 'unreachable',
    };
  }
}
