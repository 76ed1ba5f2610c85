import { Logger } from '@aws-lambda-powertools/logger';
import { config } from './config';

/** Structured JSON logs (Powertools Logger): one line per request, errors with their stack, never in answers. */
export const logger = new Logger({
  serviceName: 'booking-api',
  logLevel: config.logLevel === 'silent' ? 'SILENT' : config.logLevel === 'debug' ? 'DEBUG' : 'INFO',
  persistentKeys: { stage: config.stage },
});
