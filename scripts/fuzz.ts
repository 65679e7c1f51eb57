/**
 * `npm run fuzz`: the hostile-input campaign against a spawned gateway over
 * the sandbox (see test/fuzz/). FUZZ_RUNS (default 10000) cases from
 * FUZZ_SEED; FUZZ_WS_SHARE of them over graphql-ws; forged cursors near
 * 2^53 are on unless FUZZ_HOSTILE_CURSORS=0. Exits 1 on any failing finding or when /healthz is
 * not 200 at the end; FUZZ_JSON=<file> also writes the summary as JSON.
 */
import { defaultOptions, failuresOf, formatSummary, runCampaign } from '../test/fuzz/campaign.js';
import { spawnGateway } from '../test/fuzz/targets.js';

const options = { ...defaultOptions(process.env, 10_000), progress: (line: string) => console.error(line) };
const target = await spawnGateway();
try {
  const summary = await runCampaign(target, options);
  console.log(formatSummary(summary, options, target.description));
  if (process.env.FUZZ_JSON) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.FUZZ_JSON, JSON.stringify(summary, null, 2));
  }
  process.exitCode = failuresOf(summary).length > 0 || summary.healthzAtEnd !== 200 ? 1 : 0;
} finally {
  await target.close();
}
