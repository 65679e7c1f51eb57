/**
 * The young generation's size the start-up line reports (src/young-generation.ts): read as node reads its
 * flags, NODE_OPTIONS first and the command line after, the last `--max-semi-space-size` winning.
 */
import { describe, expect, it } from 'vitest';
import { maxSemiSpaceSize } from '../../src/young-generation.js';

describe('maxSemiSpaceSize', () => {
  it('is V8 default when neither NODE_OPTIONS nor the command line sets it', () => {
    expect(maxSemiSpaceSize('', [])).toBe('V8 default');
    expect(maxSemiSpaceSize('--max-old-space-size=512 --enable-source-maps', ['--import', 'tsx'])).toBe('V8 default');
  });

  it('reads the size from NODE_OPTIONS, the last one winning (the shipped default first, a user’s own after it)', () => {
    expect(maxSemiSpaceSize('--max-semi-space-size=32 ', [])).toBe(32);
    expect(maxSemiSpaceSize('--max-semi-space-size=32 --max-old-space-size=512 --max-semi-space-size=8', [])).toBe(8);
  });

  it('lets the command line win over NODE_OPTIONS, as node does', () => {
    expect(maxSemiSpaceSize('--max-semi-space-size=32', ['--max-semi-space-size=64'])).toBe(64);
  });

  it('reads 0, V8’s own "computed from the memory limit", as V8 default', () => {
    expect(maxSemiSpaceSize('--max-semi-space-size=32', ['--max-semi-space-size=0'])).toBe('V8 default');
  });

  it('reads V8’s underscore spelling too', () => {
    expect(maxSemiSpaceSize('--max_semi_space_size=16', [])).toBe(16);
  });
});
