/**
 * @pothos/plugin-federation, applied only when the federation subgraph schema
 * is built (`builder.toSubGraphSchema({ subgraph: true, ... })`). The public
 * schema is built by the same builder from the same types, and must stay
 * exactly as it is: run unconditionally, the plugin would put `@key` and
 * `@shareable` on its types, and rewrite every field's directive list (its
 * list form turns our `@upstream` arguments into arrays, which is also why it
 * runs before the directives plugin, see builder.ts).
 */
import SchemaBuilder, {
  BasePlugin,
  type BuildCache,
  type PothosEnumValueConfig,
  type PothosInputFieldConfig,
  type PothosOutputFieldConfig,
  type PothosTypeConfig,
  type SchemaTypes,
} from '@pothos/core';
import type { PothosFederationPlugin } from '@pothos/plugin-federation';

export const subgraphFederationPlugin = 'subgraphFederation';

/**
 * The federation plugin's class, handed over by schema/subgraph.ts, the one module that loads
 * @pothos/plugin-federation (with @apollo/subgraph, about 150 ms of start-up that a gateway
 * serving no subgraph should not pay; src/yoga.ts loads it on the first subgraph request).
 */
let Federation: typeof PothosFederationPlugin | undefined;

export function provideFederationPlugin(plugin: typeof PothosFederationPlugin): void {
  Federation = plugin;
}

class SubgraphFederationPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  /** Only in the subgraph's build; the public build runs none of its hooks. */
  readonly #federation: PothosFederationPlugin<Types> | undefined;

  constructor(cache: BuildCache<Types>, name: keyof PothosSchemaTypes.Plugins<Types>) {
    super(cache, name);
    if (this.options.subgraph !== true) return;
    if (!Federation) throw new Error('The subgraph schema is built by subgraphSchema() in schema/subgraph.ts');
    this.#federation = new Federation<Types>(cache, 'federation' as never);
  }

  override onTypeConfig(config: PothosTypeConfig): PothosTypeConfig {
    return this.#federation ? (this.#federation.onTypeConfig(config) as PothosTypeConfig) : config;
  }

  override onOutputFieldConfig(config: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    return this.#federation ? (this.#federation.onOutputFieldConfig(config) as PothosOutputFieldConfig<Types>) : config;
  }

  override onInputFieldConfig(config: PothosInputFieldConfig<Types>): PothosInputFieldConfig<Types> {
    return this.#federation ? this.#federation.onInputFieldConfig(config) : config;
  }

  override onEnumValueConfig(config: PothosEnumValueConfig<Types>): PothosEnumValueConfig<Types> {
    return this.#federation ? this.#federation.onEnumValueConfig(config) : config;
  }
}

SchemaBuilder.registerPlugin(subgraphFederationPlugin, SubgraphFederationPlugin);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      subgraphFederation: SubgraphFederationPlugin<Types>;
    }
    // The type parameter must match Pothos's own declaration to merge with it.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    interface BuildSchemaOptions<Types extends SchemaTypes> {
      /** Builds the federation subgraph (with `@key`, `@shareable`, …) rather than the public schema. */
      subgraph?: boolean;
    }
  }
}
