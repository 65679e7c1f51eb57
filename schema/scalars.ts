/** DateTime (ISO 8601) and JSON, from graphql-scalars rather than hand-written. */
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from './builder.js';

export const DateTime = builder.addScalarType('DateTime', DateTimeResolver, {});
export const JSONScalar = builder.addScalarType('JSON', JSONResolver, {});
