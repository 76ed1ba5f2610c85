import { API_VERSION } from '../../domain/api';
import type { StorePing } from './ports';

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

/** Service information and health (GET /api/ and GET /api/health). */
export class HealthService {
  constructor(
    private readonly store: StorePing,
    private readonly debugMode: boolean,
  ) {}

  info(): ServiceInfo {
    return {
      name: 'Appointment Booking API',
      version: API_VERSION,
      status: 'operational',
      debug_mode: this.debugMode,
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
    const connected = await this.store.ping(2000);
    return {
      status: connected ? 'ok' : 'degraded',
      timestamp: Math.floor(now.getTime() / 1000),
      version: API_VERSION,
      debug_mode: this.debugMode,
      database: connected ? 'connected' : 'unreachable',
    };
  }
}
