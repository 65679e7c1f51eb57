/**
 * The young generation's size the start-up line reports (src/young-generation.ts): read as node reads its
 * flags, NODE_OPTIONS first and the command line after, the last `--max-semi-space-size` winning.
 */
import { describe, expect, it } from 'vitest';
import { maxSemiSpaceSize, semiSpaceFor, setsSemiSpace, youngGenerationWarning } from '../../src/young-generation.js';

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

describe('youngGenerationWarning: the shipped semi-spaces held against the container memory limit', () => {
  const MiB = 2 ** 20;

  it('says nothing where the processes fit: one process of 64 MiB semi-spaces needs ~268 MiB', () => {
    expect(youngGenerationWarning(64, 1, 1024 * MiB)).toBeUndefined();
    expect(youngGenerationWarning(64, 1, 268 * MiB)).toBeUndefined();
    expect(youngGenerationWarning(64, 3, 1024 * MiB)).toBeUndefined();
  });

  it('warns just past it, naming the size, the need, the limit and the way out', () => {
    const warning = youngGenerationWarning(64, 1, 267 * MiB);
    expect(warning).toMatch(/^The gateway process with 64 MiB semi-spaces may need about 268 MiB under load/);
    expect(warning).toContain('memory limit of 267 MiB');
    expect(warning).toContain('NODE_OPTIONS=--max-semi-space-size=16');
  });

  it('counts every worker: 4 workers do not fit in 1 GiB, 2 do; 16 MiB semi-spaces let 4 fit', () => {
    expect(youngGenerationWarning(64, 4, 1024 * MiB)).toMatch(/^4 gateway processes \(WORKERS\) .* about 1072 MiB/);
    expect(youngGenerationWarning(64, 2, 1024 * MiB)).toBeUndefined();
    expect(youngGenerationWarning(16, 4, 1024 * MiB)).toBeUndefined();
  });

  it('says nothing without a limit (Node reports 2^64, 0 or nothing) or with V8’s own size, which follows the limit', () => {
    expect(youngGenerationWarning(64, 8, 2 ** 64)).toBeUndefined();
    expect(youngGenerationWarning(64, 8, 0)).toBeUndefined();
    expect(youngGenerationWarning(64, 8, undefined)).toBeUndefined();
    expect(youngGenerationWarning('V8 default', 8, 256 * MiB)).toBeUndefined();
  });
});

describe('semiSpaceFor: the size the production start gives node under a memory limit', () => {
  const MiB = 2 ** 20;

  it('is 64 MiB without a limit, and while the processes fit with it (one needs ~268 MiB)', () => {
    for (const limit of [undefined, 0, 2 ** 64]) expect(semiSpaceFor(8, limit)).toBe(64);
    expect(semiSpaceFor(1, 268 * MiB)).toBe(64);
    expect(semiSpaceFor(3, 1024 * MiB)).toBe(64);
  });

  it('steps down to 32, then 16 MiB just past each edge, counting every worker', () => {
    expect(semiSpaceFor(1, 267 * MiB)).toBe(32);
    expect(semiSpaceFor(1, 204 * MiB)).toBe(32);
    expect(semiSpaceFor(1, 203 * MiB)).toBe(16);
    expect(semiSpaceFor(4, 1024 * MiB)).toBe(32);
    expect(semiSpaceFor(4, 800 * MiB)).toBe(16);
  });

  it('leaves it to V8 (which sizes it from the limit) when not even 16 MiB fits', () => {
    expect(semiSpaceFor(1, 171 * MiB)).toBeUndefined();
    expect(semiSpaceFor(2, 256 * MiB)).toBeUndefined();
  });

  it('never picks a size the start-up warning would then warn about', () => {
    for (const processes of [1, 2, 4, 8]) {
      for (let limit = 128; limit <= 4096; limit += 8) {
        const size = semiSpaceFor(processes, limit * MiB);
        if (size !== undefined)
          expect(youngGenerationWarning(size, processes, limit * MiB), `${processes} at ${limit} MiB`).toBeUndefined();
      }
    }
  });
});

describe('setsSemiSpace: a size in NODE_OPTIONS is the user’s, kept', () => {
  it('finds the flag in either spelling, 0 (V8’s own sizing) included, among other flags', () => {
    expect(setsSemiSpace('--max-old-space-size=512 --max-semi-space-size=8')).toBe(true);
    expect(setsSemiSpace('--max_semi_space_size=0')).toBe(true);
    expect(setsSemiSpace('')).toBe(false);
    expect(setsSemiSpace('--max-old-space-size=512 --enable-source-maps')).toBe(false);
  });
});
