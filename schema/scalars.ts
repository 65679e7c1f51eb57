/** DateTime (ISO 8601) and JSON, from graphql-scalars rather than hand-written. */
import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from './builder.js';

/** The form `Date.prototype.toISOString` writes (years 0000-9999): what DateTimeResolver's answer becomes once serialised. */
const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const digits = (text: string, at: number, count: number): number => {
  let value = 0;
  for (let i = at; i < at + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
};

/** A date-time in ISO_FORM that names a real instant (no 30 February, no hour 24, no leap second). */
export function isCanonicalDateTime(text: string): boolean {
  if (!ISO_FORM.test(text)) return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= days &&
    digits(text, 11, 2) <= 23 &&
    digits(text, 14, 2) <= 59 &&
    digits(text, 17, 2) <= 59
  );
}

/**
 * DateTimeResolver turns a valid date-time string into a Date, which JSON.stringify turns back into its
 * ISO string: a Date per value and a second formatting, per item of a 5,000-item list. A string already
 * in that form, naming a real instant, is answered as it is: the same text, without the round trip.
 * Anything else goes through DateTimeResolver unchanged (normalised, or refused, as before).
 */
export const DateTimeScalar = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize: (value: unknown) => (typeof value === 'string' && isCanonicalDateTime(value) ? value : DateTimeResolver.serialize(value)),
});

export const DateTime = builder.addScalarType('DateTime', DateTimeScalar, {});
export const JSONScalar = builder.addScalarType('JSON', JSONResolver, {});
