/**
 * A test gateway exporting its traces to an OTLP receiver of its own (every
 * 20 ms, so a test waits little), started before a suite's tests and closed
 * after them. As with useTestGateway, the objects returned stand for the
 * started ones: a suite writes `const { receiver, gw } = useTracedGateway(...)`.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestGateway, type TestGateway } from './gateway.js';
import { startOtlpReceiver, type OtlpReceiver } from './otlp-receiver.js';
import type { SandboxName } from '../../src/sandbox/index.js';

function standIn<T extends object>(get: () => T | undefined, name: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const started = get();
      if (!started) throw new Error(`useTracedGateway: the ${name} starts in beforeAll; use it inside a test or hook`);
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}

export function useTracedGateway(env: Record<string, string> = {}, services?: SandboxName[]): { receiver: OtlpReceiver; gw: TestGateway } {
  let receiver: OtlpReceiver | undefined;
  let gw: TestGateway | undefined;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    gw = await startTestGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20', ...env }, services);
  });
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });
  return { receiver: standIn(() => receiver, 'receiver'), gw: standIn(() => gw, 'gateway') };
}
