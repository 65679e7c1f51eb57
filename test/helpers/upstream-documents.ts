/**
 * The upstream documents in docs/upstreams/ (copied verbatim from the upstreams' own documents),
 * read as tables: what the operation tables, the sandbox and the counts in tests and docs are
 * checked against, so that no count is typed anywhere else.
 */
import { readFileSync } from 'node:fs';

const read = (name: string) => readFileSync(new URL(`../../docs/upstreams/${name}`, import.meta.url), 'utf8');

export interface DocumentedOperation {
  method: string;
  path: string;
  scope: string | null;
  referenceScope: string | undefined;
  success: number;
}

/** Every line of marketplace-api.md that starts like an endpoint row (`| GET |`), parsed or not. */
export const marketplaceEndpointLines = (): number =>
  [...read('marketplace-api.md').matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \|/gm)].length;

/** The endpoint tables of marketplace-api.md section 4, by operation id. */
export function marketplaceDocument(): Record<string, DocumentedOperation> {
  const rows = [
    ...read('marketplace-api.md').matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (\w+)(?: \([^)]*\))? \| (.+?) \| (\d+) \|$/gm),
  ];
  return Object.fromEntries(
    rows.map(([, method, path, id, scope, success]) => {
      const referenceScope = /^none \(reference: (\S+)\)$/.exec(scope!)?.[1];
      return [
        id!,
        { method: method!, path: path!, scope: scope!.startsWith('none') ? null : scope!, referenceScope, success: Number(success) },
      ];
    }),
  );
}

/** The scope lists of marketplace-api.md section 5: slug → restricted. */
export function documentedScopes(): Record<string, boolean> {
  const text = read('marketplace-api.md');
  const list = (restricted: boolean) => {
    const line = new RegExp(`^Scopes with restricted = ${restricted}: (.+)\\.$`, 'm').exec(text)?.[1] ?? '';
    return line.split(', ').map((slug) => [slug, restricted] as const);
  };
  return Object.fromEntries([...list(false), ...list(true)]);
}

/** `METHOD /path` lines of a section 4 table whose first two columns are method and path. */
function documentedEndpoints(name: string, pattern: RegExp): string[] {
  return [...read(name).matchAll(pattern)].flatMap(([, method, path]) => method!.split(' or ').map((m) => `${m} ${path}`)).sort();
}

/** The website-analysis endpoints; "PUT or PATCH" is one operation served by both methods. */
export const seoEndpoints = () => documentedEndpoints('seo-reports-api.md', /^\| (GET|POST|DELETE|PUT or PATCH) \| (\/\S+) \| [^|]+ \|$/gm);
export const itemsEndpoints = () => documentedEndpoints('items-api.md', /^\| (GET|POST) \| (\/\S+) \| [^|]+ \| [^|]+ \|$/gm);

/** How many operations the three documents describe (a "PUT or PATCH" row is one operation). */
export const documentedOperationCount = (): number =>
  Object.keys(marketplaceDocument()).length + seoEndpoints().filter((line) => !line.startsWith('PATCH ')).length + itemsEndpoints().length;
