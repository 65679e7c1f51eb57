/**
 * `npm run screenshot`: the README's picture of GraphiQL, taken the way
 * test/browser/graphiql.test.ts drives it (Debian's Chromium, the gateway as
 * `npm start` runs it, the default query run with the button). Written to a
 * temporary file; `npm run screenshot -- --save` replaces docs/graphiql.png.
 */
import { parseArgs } from 'node:util';
import { docsOutput, wroteLine } from './docs-output.js';
import {
  launchChromium,
  openGraphiQL,
  runActiveTab,
  startLikeNpmStart,
  CHROMIUM_PATH,
  chromiumInstalled,
} from '../test/helpers/graphiql-browser.js';

const { values: flags } = parseArgs({ options: { save: { type: 'boolean', default: false } } });
const output = docsOutput('docs/graphiql.png', flags.save);

if (!chromiumInstalled()) {
  console.error(`No Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
const gateway = await startLikeNpmStart();
const browser = await launchChromium({ width: 1440, height: 860 });
try {
  await openGraphiQL(browser.page, gateway.url);
  await runActiveTab(browser.page);
  await browser.page.screenshot({ path: output.path });
  console.log(wroteLine(output, 'npm run screenshot'));
} finally {
  await browser.close();
  await gateway.close();
}
