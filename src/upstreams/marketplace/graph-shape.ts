/**
 * How a marketplace payload (snake_case) becomes its graph shape (camelCase):
 * the field codecs, and `graphShape`, which renames the listed keys
 * (`uuid` becomes `id`, `order_uuid` becomes `orderId`), validates each value
 * by its zod field, and keeps the whole upstream object in `attributes`, so
 * nothing the upstream sends is lost and a renamed upstream field is a
 * one-word change. The shapes themselves are in ./map/.
 */
import { z } from 'zod';
import { camelKey, graphFieldName } from '../field-names.js';

export const id = z.union([z.string(), z.number()]).transform(String);
export const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
export const num = z.coerce
  .number()
  .nullish()
  .transform((v) => (v === undefined || Number.isNaN(v) ? null : v));
export const int = z.coerce
  .number()
  .int()
  .nullish()
  .transform((v) => v ?? null);
export const bool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);
export const stamp = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
export const strings = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);
export const optionalId = id.nullish().transform((v) => v ?? null);
export const uuid = z.string();

type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type CamelKey<K> = K extends 'uuid' ? 'id' : K extends `${infer P}_uuid` ? `${CamelCase<P>}Id` : K extends string ? CamelCase<K> : never;
export type GraphShape<S extends z.ZodRawShape> = { [K in keyof S as CamelKey<K>]: z.output<S[K]> } & {
  attributes: Record<string, unknown>;
};

export { graphFieldName };

export function graphShape<S extends z.ZodRawShape>(shape: S) {
  const keys = Object.keys(shape).map((key) => [key, camelKey(key)] as const);
  return z.looseObject(shape).transform((raw) => {
    const out: Record<string, unknown> = { attributes: raw as Record<string, unknown> };
    for (const [key, name] of keys) out[name] = (raw as Record<string, unknown>)[key];
    return out as GraphShape<S>;
  });
}
