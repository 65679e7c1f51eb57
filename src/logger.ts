/**
 * pino, with every place a credential can hide redacted: caller headers,
 * upstream headers, the items `api_key`, passwords and tokens in bodies.
 */
import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

export const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers["x-seo-api-key"]',
  'headers["x-items-api-key"]',
  'headers["x-gateway-admin-key"]',
  '*.headers["x-seo-api-key"]',
  '*.headers["x-items-api-key"]',
  'api_key',
  '*.api_key',
  'password',
  '*.password',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'variables.input.password',
  'variables.password',
  'variables.input.refreshToken',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: 'gateway' } };
  return destination ? pino(options, destination) : pino(options);
}
