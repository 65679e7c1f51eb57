/**
 * A response-cache hit goes out as the text its data was stored as: byte for byte what JSON.stringify writes for
 * the result, and JSON.stringify itself whenever the result carries anything beside that data.
 */
import { describe, expect, it } from 'vitest';
import { stringifyStored } from '../../src/plugins/response-cache/stringify-stored.js';

const data = { gig: { slug: 'a', title: 'Ünïcode "quoted"', seller: { rating: 4.5, tags: [1, null] } } };
const json = JSON.stringify(data);

describe('stringifyStored', () => {
  it('writes the stored text for a result of that data alone, equal to JSON.stringify', () => {
    const stringify = stringifyStored(data, json);
    const result = { data, extensions: undefined, stringify, [Symbol.for('servedFromResponseCache')]: true };
    expect(stringify(result)).toBe(JSON.stringify(result));
    // The stored text is what is written: a change to the object after it was stored is not serialised again.
    const spy = { data, extensions: undefined };
    expect(stringifyStored(data, '{"stored":true}')(spy)).toBe('{"data":{"stored":true}}');
  });

  it('serialises the result itself when it has errors, extensions or other data', () => {
    const stringify = stringifyStored(data, '{"stored":true}');
    const withCost = { data, extensions: { cost: { estimated: 0, actual: 0 } } };
    expect(stringify(withCost)).toBe(JSON.stringify(withCost));
    const withErrors = { data, errors: [{ message: 'x' }] };
    expect(stringify(withErrors)).toBe(JSON.stringify(withErrors));
    const otherData = { data: { ...data } };
    expect(stringify(otherData)).toBe(JSON.stringify(otherData));
  });
});
