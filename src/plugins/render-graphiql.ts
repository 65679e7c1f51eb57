/**
 * GraphiQL with its assets inlined (@graphql-yoga/render-graphiql), so the
 * explorer works on a machine without internet access. The package is a dev
 * dependency (GraphiQL is off in production); where it is absent, Yoga's
 * default page, which loads the same assets from a CDN, is served instead.
 */
import { renderGraphiQL as renderFromCdn, type GraphiQLOptions } from 'graphql-yoga';

let inlined: Promise<((options: GraphiQLOptions) => string) | undefined> | undefined;

export async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  inlined ??= import('@graphql-yoga/render-graphiql').then(
    (module) => module.renderGraphiQL as (options: GraphiQLOptions) => string,
    () => undefined,
  );
  const render = await inlined;
  return (render ?? renderFromCdn)(options);
}
