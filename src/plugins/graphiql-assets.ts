/**
 * GraphiQL served from the gateway itself, so the explorer works on a machine
 * without internet access. @graphql-yoga/render-graphiql inlines 9 MB of
 * script, style sheet, Monaco workers and favicon into one HTML page; here
 * they become separate assets named by their content hash (a browser keeps
 * them for a year and fetches new ones only when the package changes) and a
 * small HTML shell that carries the options. The package is a dev dependency
 * (GraphiQL is off in production); where it is absent, Yoga's default page,
 * which loads the same assets from a CDN, is the shell and there are no assets.
 */
import { renderGraphiQL as renderFromCdn, type GraphiQLOptions } from 'graphql-yoga';
import { compressBody, type CompressedBody } from './compressed-body.js';

export const GRAPHIQL_ASSET_PREFIX = '/graphiql/';

interface GraphiQLParts {
  js: string;
  css: string;
  favicon: string;
  editorWorkerService: string;
  jsonWorker: string;
  graphqlWorker: string;
}

export interface GraphiQLAssets {
  /** Asset bodies by URL path (`/graphiql/<name>.<hash>.<ext>`). */
  byPath: Map<string, CompressedBody>;
  /** The shell's HTML for these options, referencing the assets (or the CDN without the package). */
  renderShell(options: GraphiQLOptions): string;
}

const JS = 'application/javascript; charset=utf-8';

async function buildAssets(parts: GraphiQLParts): Promise<GraphiQLAssets> {
  const icon = /^data:([^;,]+);base64,(.*)$/s.exec(parts.favicon);
  const sources: Array<[name: string, ext: string, type: string, content: string | Buffer]> = [
    ['graphiql', 'js', JS, parts.js],
    ['graphiql', 'css', 'text/css; charset=utf-8', parts.css],
    ['editor-worker', 'js', JS, parts.editorWorkerService],
    ['json-worker', 'js', JS, parts.jsonWorker],
    ['graphql-worker', 'js', JS, parts.graphqlWorker],
  ];
  if (icon) sources.push(['favicon', 'ico', icon[1]!, Buffer.from(icon[2]!, 'base64')]);
  const byPath = new Map<string, CompressedBody>();
  const paths: Record<string, string> = {};
  for (const [name, ext, type, content] of sources) {
    const body = await compressBody(type, content);
    const path = `${GRAPHIQL_ASSET_PREFIX}${name}.${body.hash.slice(0, 16)}.${ext}`;
    byPath.set(path, body);
    paths[`${name}.${ext}`] = path;
  }
  return {
    byPath,
    renderShell: (options) =>
      renderShell(options, {
        script: paths['graphiql.js']!,
        styleSheet: paths['graphiql.css']!,
        favicon: paths['favicon.ico'] ?? parts.favicon,
        workers: {
          editorWorkerService: paths['editor-worker.js']!,
          json: paths['json-worker.js']!,
          graphql: paths['graphql-worker.js']!,
        },
      }),
  };
}

/** JSON safe inside a <script> element: `</script>` in a default query must not end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface ShellLinks {
  script: string;
  styleSheet: string;
  favicon: string;
  workers: Record<'editorWorkerService' | 'json' | 'graphql', string>;
}

/** The page @graphql-yoga/render-graphiql renders, with its inlined parts replaced by links to the assets. */
function renderShell(options: GraphiQLOptions, links: ShellLinks): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${escapeHtml(options.favicon ?? links.favicon)}" />
    <link rel="stylesheet" href="${links.styleSheet}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script>
      const workers = ${scriptJson(links.workers)};
      self['MonacoEnvironment'] = { globalAPI: false, getWorkerUrl: (moduleId, label) => workers[label] };
    </script>
    <script src="${links.script}"></script>
    <script>
      YogaGraphiQL.renderYogaGraphiQL(window.document.querySelector('#root'), ${scriptJson(options)});
    </script>
  </body>
</html>
`;
}

let assets: Promise<GraphiQLAssets> | undefined;

/**
 * Loads, splits and compresses GraphiQL once per process, when a browser first
 * asks for it: a few seconds, which a process that never serves GraphiQL (or a
 * test's gateway) does not spend, and which would otherwise compete with the
 * first requests after start-up.
 */
export function loadGraphiQLAssets(): Promise<GraphiQLAssets> {
  assets ??= import('@graphql-yoga/render-graphiql/graphiql').then(
    (parts) => buildAssets(parts as GraphiQLParts),
    () => ({ byPath: new Map(), renderShell: (options: GraphiQLOptions) => renderFromCdn(options) }),
  );
  return assets;
}
