/**
 * The campaign's options, and how `npm run fuzz` and the in-process slice read
 * them from the environment (FUZZ_RUNS, FUZZ_SEED, FUZZ_WS_SHARE,
 * FUZZ_HOSTILE_CURSORS, FUZZ_TIMEOUT_MS, MAX_BODY_BYTES, FUZZ_CASES).
 */

export interface CampaignOptions {
  runs: number;
  seed: number;
  /** Share of cases sent over graphql-ws (hand-made HTTP bodies always go over HTTP). */
  wsShare: number;
  /** Forged cursors naming offsets near 2^53 (they kill the current planner). */
  hostileCursors: boolean;
  /** Longest wait for one answer before it counts as a hang. */
  timeoutMs: number;
  /** Largest WebSocket frame the gateway should accept (MAX_BODY_BYTES). */
  maxFrameBytes: number;
  /** Only these case numbers (to replay a finding); all `runs` otherwise. */
  only?: number[];
  progress?: (line: string) => void;
}

export const defaultOptions = (env: NodeJS.ProcessEnv, runs: number): CampaignOptions => ({
  runs: Number(env.FUZZ_RUNS ?? runs),
  seed: Number(env.FUZZ_SEED ?? 20261123),
  wsShare: Number(env.FUZZ_WS_SHARE ?? 0.35),
  hostileCursors: env.FUZZ_HOSTILE_CURSORS !== '0',
  timeoutMs: Number(env.FUZZ_TIMEOUT_MS ?? 40_000),
  maxFrameBytes: Number(env.MAX_BODY_BYTES ?? 1024 * 1024),
  only: env.FUZZ_CASES ? env.FUZZ_CASES.split(',').map(Number) : undefined,
});
