/**
 * The previous commit's gateway, for the first table's column "CPU / request
 * vs the previous commit": `git archive` of the ref into a temporary folder,
 * this checkout's node_modules linked in, built with the same tsc command as
 * the measured build (processes.ts, buildGateway), and started the same way.
 * It is measured in the same alternating rounds as the gateway, so drift on a
 * shared machine hits both alike; the column is the median over rounds of the
 * per-round ratio, which a noisy neighbour in one round cannot move.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface BaselineBuild {
  ref: string;
  /** `git rev-parse --short` of the ref. */
  commit: string;
  dir: string;
  remove(): Promise<void>;
}

/** Extracts `ref` into a temporary folder and builds it there; throws (naming the ref) when git or tsc fails. */
export async function buildBaseline(ref: string): Promise<BaselineBuild> {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = await mkdtemp(join(tmpdir(), 'unigraph-baseline-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const archive = join(dir, 'source.tar');
    execFileSync('git', ['archive', '--format=tar', '-o', archive, commit]);
    execFileSync('tar', ['-xf', archive, '-C', dir]);
    await rm(archive);
    // The same dependencies as the measured build when the lock file is the same; else the ref's own (a
    // dependency removed since would be missing from this checkout's node_modules).
    if ((await readFile(join(dir, 'package-lock.json'), 'utf8')) === (await readFile('package-lock.json', 'utf8'))) {
      await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      process.stderr.write(`installing the dependencies of ${ref} (${commit}) in ${dir} …\n`);
      execFileSync('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    process.stderr.write(`building the baseline ${ref} (${commit}) in ${dir} …\n`);
    execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: dir,
      stdio: 'inherit',
    });
  } catch (error) {
    await remove();
    throw new Error(`baseline ${ref} (${commit}) could not be built: ${(error as Error).message}`);
  }
  return { ref, commit, dir, remove };
}

/** CPU time and requests of one side in one round. */
export interface RoundCpu {
  micros: number;
  requests: number;
}

/** The median over rounds of this round's CPU per request over the baseline's in the same round. */
export function medianRatio(current: RoundCpu[], previous: RoundCpu[]): number {
  const ratios = current
    .map((round, i) => {
      const before = previous[i];
      if (!before || round.requests === 0 || before.requests === 0) return Number.NaN;
      return round.micros / round.requests / (before.micros / before.requests);
    })
    .filter((ratio) => Number.isFinite(ratio))
    .sort((a, b) => a - b);
  if (ratios.length === 0) return Number.NaN;
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
}

/** The table cell: the baseline's CPU per request, and the median per-round change against it. */
export function baselineCell(previousCpuMs: number, ratio: number): string {
  if (Number.isNaN(ratio) || Number.isNaN(previousCpuMs)) return 'n/a';
  const change = (ratio - 1) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(0)} % (was ${previousCpuMs.toFixed(2)} ms)`;
}
