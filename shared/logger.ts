import type { Logger } from '@aws-lambda-powertools/logger';
import { config } from './config';

let made: Logger | undefined;

/**
 * The process's Powertools Logger, made on first use, not when the bundle loads: loading Powertools'
 * Logger and building it is a large part of a function's module load (docs/design/observability.md,
 * "Cold starts: Powertools on first use"). The first log line of a process makes it, with the same
 * options it was made with at load before; what it writes is unchanged.
 */
function powertools(): Logger {
  if (!made) {
    const { Logger: Make } =
      require('@aws-lambda-powertools/logger') as typeof import('@aws-lambda-powertools/logger');
    made = new Make({
      serviceName: 'booking-api',
      logLevel: config.logLevel === 'silent' ? 'SILENT' : config.logLevel === 'debug' ? 'DEBUG' : 'INFO',
      persistentKeys: { stage: config.stage },
    });
  }
  return made;
}

/** The Logger's methods the project calls; each line goes to the process's one Powertools Logger. */
export type Log = Pick<Logger, 'debug' | 'info' | 'warn' | 'error' | 'setLogLevel'>;

/** Structured JSON logs (Powertools Logger): one line per request, errors with their stack, never in answers. */
export const logger: Log = {
  debug: (input, ...extra) => powertools().debug(input, ...extra),
  info: (input, ...extra) => powertools().info(input, ...extra),
  warn: (input, ...extra) => powertools().warn(input, ...extra),
  error: (input, ...extra) => powertools().error(input, ...extra),
  setLogLevel: (level) => powertools().setLogLevel(level),
};
