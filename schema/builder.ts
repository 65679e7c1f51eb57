/**
 * The one SchemaBuilder. Fields are nullable by default: almost every field
 * needs an upstream call, and a failing upstream must null only its own
 * fields (contract section 5). Non-null is opted into where a value is
 * already in hand (identifiers, enum values of a fetched record).
 */
import SchemaBuilder from '@pothos/core';
import type { GatewayContext } from '../src/context.js';

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  DefaultFieldNullability: true;
  Scalars: {
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({});

export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

builder.queryType({});
builder.mutationType({});
