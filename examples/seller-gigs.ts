/**
 * Example: a seller's gigs with their latest reviews, through the typed SDK.
 * No credential needed.
 *
 *   npx tsx examples/seller-gigs.ts pixelcraft --url http://localhost:4000/graphql
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createClient, isUnigraphError, SellerGigsDocument } from '@unigraph/sdk';

export interface SellerGigsOptions {
  url: string;
  username: string;
  gigs?: number;
}

/** Returns the report as text (the CLI prints it; CI asserts on it). */
export async function main({ url, username, gigs = 3 }: SellerGigsOptions): Promise<string> {
  const client = createClient({ url });
  const seller = await client.request(SellerGigsDocument, { username, gigs, reviews: 2 }).then(
    (data) => data.seller,
    // An unknown seller is an error with extensions.code NOT_FOUND, not a null.
    (error: unknown) => {
      if (isUnigraphError(error) && error.code === 'NOT_FOUND') return null;
      throw error;
    },
  );
  if (!seller) return `No seller named ${username}.`;

  const lines = [`${seller.username} (${seller.name ?? 'no name'}), rating ${seller.rating ?? '-'}, ${seller.gigs?.totalCount ?? 0} gigs`];
  for (const gig of seller.gigs?.nodes ?? []) {
    lines.push(`- ${gig.slug}: ${gig.title ?? '(untitled)'}, from ${gig.priceFrom ?? '?'}, ${gig.reviews?.totalCount ?? 0} reviews`);
    for (const review of gig.reviews?.nodes ?? []) {
      lines.push(`    ${review.rating ?? '-'}/5 by ${review.reviewerUsername ?? 'someone'}: ${review.comment ?? ''}`);
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string', default: 'http://localhost:4000/graphql' }, gigs: { type: 'string', default: '3' } },
  });
  console.log(await main({ url: values.url, username: positionals[0] ?? 'pixelcraft', gigs: Number(values.gigs) }));
}
