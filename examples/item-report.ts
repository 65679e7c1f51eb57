/**
 * Example: an item, a purchase-code check and the SEO reports of its demo
 * page, through the typed SDK. Needs the item-store and website-analysis keys
 * (the sandbox's demo keys by default); shows how a missing one is told apart
 * by its error code.
 *
 *   npx tsx examples/item-report.ts 1 1d000001-0000-4000-8000-000000000001 \
 *     --url http://localhost:4000/graphql --items-key items-demo-key --seo-key seo-demo-key
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createClient, isUnigraphError, ItemReportDocument, type Credentials } from '@unigraph/sdk';

export interface ItemReportOptions {
  url: string;
  id: string;
  purchaseCode: string;
  credentials: Credentials;
}

/** Returns the report as text (the CLI prints it; CI asserts on it). */
export async function main({ url, id, purchaseCode, credentials }: ItemReportOptions): Promise<string> {
  const client = createClient({ url, credentials });
  try {
    const { item } = await client.request(ItemReportDocument, { id, code: purchaseCode });
    if (!item) return `No item ${id}.`;
    const lines = [
      `${item.name} ${item.version ?? ''}`.trim(),
      `price: regular ${item.price?.regular ?? '?'}, extended ${item.price?.extended ?? '?'}`,
    ];
    const check = item.purchase;
    lines.push(
      check?.valid
        ? `purchase code: valid, license ${check.purchase?.licenseType ?? 'unknown'}, support until ${check.purchase?.supportedUntil ?? 'n/a'}`
        : `purchase code: invalid (${check?.reason ?? 'no reason given'})`,
    );
    const reports = item.demoReports ?? [];
    lines.push(`demo page ${item.demoLink ?? '(none)'}: ${reports.length} SEO reports`);
    for (const report of reports) lines.push(`- report ${report.id}: score ${report.score ?? '-'} ${report.result ?? 'PENDING'}`);
    return lines.join('\n');
  } catch (error) {
    // The gateway's extensions.code says which credential is missing or refused.
    if (isUnigraphError(error) && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN')) {
      return `Not allowed (${error.code}): ${error.message}`;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:4000/graphql' },
      'items-key': { type: 'string', default: 'items-demo-key' },
      'seo-key': { type: 'string', default: 'seo-demo-key' },
    },
  });
  const [id = '1', purchaseCode = '1d000001-0000-4000-8000-000000000001'] = positionals;
  const credentials = { itemsApiKey: values['items-key'], seoApiKey: values['seo-key'] };
  console.log(await main({ url: values.url, id, purchaseCode, credentials }));
}
