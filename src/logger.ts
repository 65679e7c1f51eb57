/**
 * pino, with every place a credential can hide redacted: caller headers,
 * upstream headers, the items `api_key`, passwords and tokens in bodies.
 * Redaction is the second line of defence: the gateway's own log calls pass
 * names, codes and statuses, never a request's headers, variables or body
 * (test/security/credential-isolation.test.ts scans the captured logs).
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
  // Mobile auth (login, register, refresh): GraphQL variables, upstream bodies and token payloads.
  'variables.input.passwordConfirmation',
  'password_confirmation',
  '*.password_confirmation',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'data.*.accessToken',
  'data.*.refreshToken',
  // Any other variable of that name, wherever an input nests it; cookies and the items key in queries or bodies.
  'variables.*.password',
  'variables.*.token',
  'variables.*.refreshToken',
  'headers.cookie',
  '*.headers.cookie',
  'query.api_key',
  '*.query.api_key',
  'body.api_key',
  'body.password',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: 'gateway' } };
  return destination ? pino(options, destination) : pino(options);
}
