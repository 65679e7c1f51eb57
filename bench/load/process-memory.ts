/** Reads the gateway process's own memory from its Prometheus endpoint (prom-client's default metrics). */
export interface MemorySample {
  atSeconds: number;
  rssMb: number;
  heapUsedMb: number;
}

const metric = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
};

export async function sampleMemory(origin: string, startedAt: number): Promise<MemorySample> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    atSeconds: Math.round((Date.now() - startedAt) / 1000),
    rssMb: mb(metric(text, 'process_resident_memory_bytes')),
    heapUsedMb: mb(metric(text, 'nodejs_heap_size_used_bytes')),
  };
}
