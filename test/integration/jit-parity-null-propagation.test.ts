/**
 * What a compiled run (graphql-jit) answers when something fails, against Yoga's executor: the same bytes, the
 * same errors and the same upstream calls (docs/compiled-execution-review.md F9, F10, F14). graphql-jit completes every field of an
 * object before nulling it for a failed non-null field, where graphql-js stops at the first, and writes `data`
 * before `errors`. First execution on Yoga's executor, the third compiled (COMPILE_AFTER_EXECUTIONS=2).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PURCHASE_CODES } from '../../src/sandbox/items/index.js';
import { ITEMS_KEY, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { threeRuns } from './jit-parity-fixtures.js';

const items = { 'x-items-api-key': ITEMS_KEY };
const CODE = DEMO_PURCHASE_CODES.item1;

describe('failures in a compiled run answer as Yoga executor does', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace', 'items']);
  // The sandbox's own validation answer for CODE, with its purchase's date made unreadable.
  let badDates: unknown;
  beforeAll(async () => {
    const answer = await fetch(`${gw.sandbox.urls.items}/api/purchases/validation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: ITEMS_KEY, purchase_code: CODE }),
    });
    const raw = await answer.text();
    const body = JSON.parse(raw) as { data: { purchase: Record<string, unknown> } };
    badDates = { ...body, data: { purchase: { ...body.data.purchase, date: 'not a date' } } };
  });
  afterEach(() => gw.sandbox.services.items!.control.setFaults([]));
  const withBadDates = () =>
    gw.sandbox.services.items!.control.setFaults([
      { kind: 'status', status: 200, method: 'POST', pathIncludes: '/purchases/validation', body: badDates },
    ]);

  it('reports only the first of two failed non-null fields of one object (F9)', async () => {
    withBadDates();
    const runs = await threeRuns(
      gw,
      `query PurchaseDates { validatePurchase(code: "${CODE}") { valid purchase { date again: date purchaseCode } } }`,
      undefined,
      items,
    );
    expect(runs[0]).toMatchObject({ data: { validatePurchase: { valid: true, purchase: null } } });
    expect(runs[0]!.errors!.map((error) => error.path)).toEqual([['validatePurchase', 'purchase', 'date']]);
    expect(runs[2]).toEqual(runs[0]);
  });

  const purchaseThenItem = `query PurchaseThenItem {
    validatePurchase(code: "${CODE}") { purchase { date item { purchase(code: "${DEMO_PURCHASE_CODES.item2}") { valid } } } }
  }`;
  /** Three runs of purchaseThenItem, the first validation of each request answered with the bad date: answers and item-store calls. */
  const purchaseThenItemRuns = async () => {
    const calls: number[] = [];
    const runs = [];
    for (let run = 0; run < 3; run++) {
      gw.resetCalls();
      gw.sandbox.services.items!.control.setFaults([
        { kind: 'status', status: 200, method: 'POST', pathIncludes: '/purchases/validation', body: badDates, times: 1 },
      ]);
      runs.push(await gw.query(purchaseThenItem, { headers: items }));
      calls.push(gw.calls('items').length);
    }
    return { runs, calls };
  };

  it('answers the same data and errors when fields follow the failed one (F14)', async () => {
    const { runs } = await purchaseThenItemRuns();
    expect(runs[0]).toMatchObject({ data: { validatePurchase: { purchase: null } } });
    expect(runs[2]!.data).toEqual(runs[0]!.data);
    expect(runs[2]!.errors).toEqual(runs[0]!.errors);
  });

  // Known difference (README, COMPILE_AFTER_EXECUTIONS): graphql-jit resolves `item` before the object is nulled,
  // and its call is made before the compiled answer is thrown away. Fails the day that is no longer so.
  it.fails('makes no upstream call for the fields after the failed one (F14)', async () => {
    const { calls } = await purchaseThenItemRuns();
    expect(calls).toEqual([1, 1, 1]);
  });

  it('writes errors before data, byte for byte as Yoga executor (F10)', async () => {
    const query = 'query OneMissing { seller(username: "pixelcraft") { name } gig(slug: "no-such-gig") { slug } }';
    const texts: string[] = [];
    for (let run = 0; run < 3; run++) {
      const response = await fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query }),
      });
      texts.push(await response.text());
    }
    expect(texts[0]).toMatch(/^\{"errors":/);
    expect(texts[2]).toBe(texts[0]);
  });

  it('asks a read sent as a POST once, however the compiled run ended', async () => {
    const query =
      'query QuoteAndMissing { gigQuote(slug: "pixelcraft-design-a-minimalist-logo-in-24-hours", package: BASIC) { total } gig(slug: "no-such-gig") { slug } }';
    const headers = { authorization: `Bearer ${TOKENS.buyer}` };
    const calls: number[] = [];
    const runs = [];
    for (let run = 0; run < 3; run++) {
      gw.resetCalls();
      runs.push(await gw.query(query, { headers }));
      calls.push(gw.calls('marketplace').filter((call) => call.path.endsWith('/quote')).length);
    }
    expect(runs[0]!.errors?.length).toBe(1);
    expect(calls).toEqual([1, 1, 1]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('asks reference data once in a request, when that failed too', async () => {
    const query = 'query CountriesAndMissing { countries { name } gig(slug: "no-such-gig") { slug } }';
    const calls: number[] = [];
    const runs = [];
    for (let run = 0; run < 3; run++) {
      gw.resetCalls();
      gw.sandbox.services.marketplace!.control.setFaults([{ kind: 'status', status: 500, method: 'GET', pathIncludes: '/countries' }]);
      runs.push(await gw.query(query));
      calls.push(gw.calls('marketplace').filter((call) => call.path.endsWith('/countries')).length);
    }
    gw.sandbox.services.marketplace!.control.setFaults([]);
    expect(runs[0]!.errors?.length).toBe(2);
    expect(calls).toEqual([1, 1, 1]);
    expect(runs[2]).toEqual(runs[0]);
  });
});
