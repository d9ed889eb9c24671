import type { LoggerOptions } from 'pino';
import type { Config } from './config.js';

/** pino options: JSON in production, pretty in a development terminal; secrets redacted. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logPretty'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    ...(config.logPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
