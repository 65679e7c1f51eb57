import { describe, expect, it } from 'vitest';
import type { Plugin } from 'graphql-yoga';
import { oneValidationHook } from '../../src/plugins/use-query-limits.js';

type Payload = Parameters<NonNullable<Plugin['onValidate']>>[0];

describe('oneValidationHook', () => {
  it('runs the validation-only hooks in their order on the one payload, then their after-hooks in order, and keeps the others in place', () => {
    const seen: string[] = [];
    const rule = (name: string): Plugin => ({
      onValidate: (payload) => void seen.push(`${name}:${(payload as unknown as { id: number }).id}`),
    });
    const withEnd: Plugin = {
      onValidate: () => {
        seen.push('suggestions');
        return () => void seen.push('suggestions end');
      },
    };
    const parse: Plugin = { onParse: () => void seen.push('parse') };
    const fused = oneValidationHook([withEnd, parse, rule('directives'), rule('aliases'), rule('depth')]);

    expect(fused).toHaveLength(2);
    expect(fused[1]).toBe(parse);
    const after = fused[0]!.onValidate!({ id: 7 } as unknown as Payload);
    expect(seen).toEqual(['suggestions', 'directives:7', 'aliases:7', 'depth:7']);
    (after as (result: unknown) => void)({ valid: true });
    expect(seen.at(-1)).toBe('suggestions end');
  });

  it('leaves a list with fewer than two such hooks as it is', () => {
    const plugins: Plugin[] = [{ onValidate: () => undefined }, { onParse: () => undefined }];
    expect(oneValidationHook(plugins)).toBe(plugins);
  });
});
