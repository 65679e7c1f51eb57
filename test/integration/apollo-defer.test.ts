/**
 * Apollo Client 4 and @defer, with the one setting the README gives
 * (`incrementalHandler: new Defer20220824Handler()`): its HttpLink asks for
 * multipart/mixed, the gateway answers in parts, and a watched query sees the
 * initial part first (deferred fields missing) and then the whole result.
 * Without the handler Apollo refuses the operation before sending it.
 */
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway();

const query = gql`
  query SellerDeferred {
    seller(username: "pixelcraft") {
      username
      name
      ... @defer(label: "gigs") {
        gigs(first: 2) {
          totalCount
          nodes {
            slug
          }
        }
      }
    }
  }
`;

type Seller = { seller: { name: string; gigs?: { totalCount: number; nodes: { slug: string }[] } } };

describe('Apollo Client 4 @defer', () => {
  it('with Defer20220824Handler, receives the initial part and then the deferred one', async () => {
    const accepts: string[] = [];
    const fetchRecording: typeof fetch = (input, init) => (
      accepts.push(new Headers(init?.headers).get('accept') ?? ''),
      fetch(input, init)
    );
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new HttpLink({ uri: `${gw.url}/graphql`, fetch: fetchRecording }),
      incrementalHandler: new Defer20220824Handler(),
    });
    const seen: Seller[] = [];
    await new Promise<void>((resolve, reject) => {
      const subscription = client.watchQuery<Seller>({ query, fetchPolicy: 'network-only' }).subscribe({
        next: (result) => {
          if (result.error) return reject(result.error);
          if (!result.data) return;
          seen.push(result.data as Seller);
          if ((result.data as Seller).seller.gigs) {
            subscription.unsubscribe();
            resolve();
          }
        },
        error: reject,
      });
    });
    expect(accepts[0]).toContain('multipart/mixed');
    expect(seen[0]?.seller.name).toEqual(expect.any(String));
    // The first result Apollo hands over is the initial part: the deferred gigs are not there yet.
    expect(seen[0]?.seller.gigs).toBeUndefined();
    expect(seen.at(-1)?.seller.gigs?.nodes).toHaveLength(2);
  });

  it('without an incremental handler, Apollo refuses @defer itself (the README names the setting)', async () => {
    const client = new ApolloClient({ cache: new InMemoryCache(), link: new HttpLink({ uri: `${gw.url}/graphql` }) });
    await expect(client.query({ query, fetchPolicy: 'network-only' })).rejects.toThrow(/incremental|defer/i);
  });
});
