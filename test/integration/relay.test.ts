/**
 * Relay with the README's two settings: the example in examples/relay is
 * compiled by relay-compiler (its committed artifacts must be current) with
 * `nodeInterfaceIdField: "nodeId"`, and run with relay-runtime keyed by
 * `getDataID: (v) => v.nodeId ?? v.id`. Item "1" and SeoReport "1" stay two
 * records, and a refetch through `node(id:)` updates the record it refetches.
 */
import { spawnSync } from 'node:child_process';
import { fetchQuery, type Environment } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { createEnvironment } from '../../examples/relay/src/environment.js';
import ItemAndReportQuery from '../../examples/relay/src/__generated__/ItemAndReportQuery.graphql.js';
import ItemAndReportRefetchQuery from '../../examples/relay/src/__generated__/ItemAndReportRefetchQuery.graphql.js';
import { ALL_CREDENTIALS, useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway();
const variables = { itemId: '1', reportId: '1' };
const recordsOf = (environment: Environment) => {
  const source = environment.getStore().getSource();
  return source.getRecordIDs().map((id) => ({ id, type: source.get(id)?.__typename as string | undefined }));
};

describe('Relay', () => {
  it('the committed artifacts are what relay-compiler makes of the example and the schema', () => {
    const run = spawnSync('npx', ['relay-compiler', '--validate'], { cwd: 'examples/relay', encoding: 'utf8', timeout: 120_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  });

  it('keeps Item "1" and SeoReport "1" apart, keyed by nodeId', async () => {
    const environment = createEnvironment(`${gw.url}/graphql`, ALL_CREDENTIALS);
    const data = (await fetchQuery(environment, ItemAndReportQuery, variables).toPromise()) as {
      item: { id: string };
      seoReport: { id: string; url: string };
    };
    expect(data.item.id).toBe('1');
    expect(data.seoReport.id).toBe('1');
    const records = recordsOf(environment);
    expect(records.filter((r) => r.type === 'Item')).toHaveLength(1);
    expect(records.filter((r) => r.type === 'SeoReport')).toHaveLength(1);
    expect(records.find((r) => r.type === 'Item')!.id).not.toBe('1');

    // A refetch through node(id:) with the compiler's nodeId variable lands on the same record.
    const itemRecord = records.find((r) => r.type === 'Item')!.id;
    const refetched = await fetchQuery(environment, ItemAndReportRefetchQuery, { nodeId: itemRecord }).toPromise();
    expect(refetched).toMatchObject({ node: expect.any(Object) });
    expect(recordsOf(environment).filter((r) => r.type === 'Item')).toHaveLength(1);
    expect(environment.getStore().getSource().get(itemRecord)).toMatchObject({ name: expect.any(String), nodeId: itemRecord });
  });

  it('without getDataID, the two "1"s are one record (why the README gives the setting)', async () => {
    const environment = createEnvironment(`${gw.url}/graphql`, ALL_CREDENTIALS, { defaultDataID: true });
    await fetchQuery(environment, ItemAndReportQuery, variables).toPromise();
    const records = recordsOf(environment);
    expect(records.filter((r) => r.id === '1')).toHaveLength(1);
    expect(records.filter((r) => r.type === 'Item' || r.type === 'SeoReport')).toHaveLength(1);
  });
});
