/**
 * The DateTime scalar (schema/scalars.ts) answers a date-time already in
 * `toISOString` form as it is, and everything else through graphql-scalars'
 * DateTimeResolver: either way the caller reads the same text as
 * DateTimeResolver alone would give, or the same refusal.
 */
import { DateTimeResolver } from 'graphql-scalars';
import { describe, expect, it } from 'vitest';
import { DateTimeScalar, isCanonicalDateTime } from '../../schema/scalars.js';

const written = (serialize: (value: unknown) => unknown, value: unknown): string => {
  try {
    return JSON.stringify(serialize(value));
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
};

describe('DateTime', () => {
  const values = [
    '2026-01-01T10:00:00.000Z',
    '2024-02-29T23:59:59.999Z',
    '0000-01-01T00:00:00.000Z',
    '2026-02-29T00:00:00.000Z',
    '2026-02-30T00:00:00.000Z',
    '2026-04-31T00:00:00.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-01-01T24:00:00.000Z',
    '2026-01-01T23:60:00.000Z',
    '2026-01-01T23:59:60.000Z',
    '2026-01-01T10:00:00Z',
    '2026-01-01T10:00:00.5+02:00',
    '2026-01-01',
    'not a date',
    1767225600000,
    new Date('2026-01-01T10:00:00.000Z'),
  ];

  it.each(values)('writes %s as DateTimeResolver does', (value) => {
    expect(written((v) => DateTimeScalar.serialize(v), value)).toBe(written((v) => DateTimeResolver.serialize(v), value));
  });

  it('passes only a real instant in toISOString form through as it is', () => {
    expect(DateTimeScalar.serialize('2026-01-01T10:00:00.000Z')).toBe('2026-01-01T10:00:00.000Z');
    expect(['2024-02-29T00:00:00.000Z', '2026-12-31T23:59:59.999Z'].every(isCanonicalDateTime)).toBe(true);
    expect(
      ['2026-02-29T00:00:00.000Z', '2026-01-01T24:00:00.000Z', '2026-01-01T10:00:00Z', '2026-00-10T00:00:00.000Z'].some(
        isCanonicalDateTime,
      ),
    ).toBe(false);
  });
});
