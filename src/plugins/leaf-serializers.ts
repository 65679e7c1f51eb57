/**
 * graphql-jit's `customSerializers`: each scalar's and enum's own `serialize`, as Yoga's executor calls it. A
 * value it cannot serialise must be an error in the compiled answer too, so that the compiled run is thrown
 * away and Yoga's executor answers (use-compiled-execution.ts): graphql-jit would take a `null` (or NaN, for
 * a custom scalar) from `serialize` as a value, where graphql-js refuses it.
 */
import { inspect } from 'node:util';
import { isLeafType, type GraphQLSchema } from 'graphql';

export function leafSerializers(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const serializers: Record<string, (value: unknown) => unknown> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isLeafType(type)) continue;
    serializers[type.name] = (value) => {
      const serialized = type.serialize(value);
      if (serialized == null || Number.isNaN(serialized)) {
        throw new Error(
          `Expected \`${type.name}.serialize(${inspect(value)})\` to return non-nullable value, returned: ${inspect(serialized)}`,
        );
      }
      return serialized;
    };
  }
  return serializers;
}
