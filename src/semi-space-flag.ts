/**
 * Prints the `--max-semi-space-size` flag scripts/start-production.sh puts in NODE_OPTIONS before it starts the
 * gateway (the image's CMD, `npm run start:prod`): the size that fits WORKERS processes under the container's memory
 * limit (young-generation.ts `semiSpaceFor`; 64 MiB without a limit). Prints nothing when NODE_OPTIONS already sets
 * the size (the user's choice), or when not even 16 MiB fits (V8 then sizes it from the limit itself). Run before
 * the gateway, as a process of its own: V8 sizes its heap once, when it starts.
 */
import { availableParallelism } from 'node:os';
import { semiSpaceFor, setsSemiSpace } from './young-generation.js';

/** WORKERS as config-env.ts reads it (`auto`: one per core); anything it would refuse counts as one, which start-up then refuses. */
function workers(value: string | undefined): number {
  if (value === 'auto') return availableParallelism();
  const count = Number(value ?? 1);
  return Number.isInteger(count) && count >= 1 ? count : 1;
}

// The caller's NODE_OPTIONS, which the script hands over as GIVEN_NODE_OPTIONS so as not to run their preloads here.
const size = setsSemiSpace(process.env.GIVEN_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '')
  ? undefined
  : semiSpaceFor(workers(process.env.WORKERS), process.constrainedMemory());
if (size !== undefined) process.stdout.write(`--max-semi-space-size=${size}`);
