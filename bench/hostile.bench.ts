import type { BenchContext } from './context.ts';
import { below, type Figure, percentile } from './harness.ts';
import { startServer } from './server.ts';

const senders = 4;
const durationMs = 10_000;

/**
 * An unauthenticated attack on the public sign-in route: `senders` clients post, back to
 * back, a 1 MB body of `{"a":{"a":…}}`, while a load balancer's health check asks
 * GET /api/health one request at a time. The figure is that check's p95.
 */
export async function hostileBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { server, baseUrl } = await startServer(context.databaseUrl, context.workDir);
  const levels = Math.floor((1024 * 1024) / 6);
  const body = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const statuses = new Map<number, number>();
  let stop = false;
  const send = async () => {
    while (!stop) {
      const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).catch(() => undefined);
      const status = response?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await response?.arrayBuffer().catch(() => undefined);
    }
  };
  try {
    const attack = Array.from({ length: senders }, send);
    const latencies: number[] = [];
    const started = performance.now();
    while (performance.now() - started < durationMs) {
      const before = performance.now();
      const health = await fetch(`${baseUrl}/api/health`);
      await health.arrayBuffer();
      if (health.status !== 200) throw new Error(`hostile: health answered ${health.status}`);
      latencies.push(performance.now() - before);
    }
    stop = true;
    await Promise.all(attack);
    const answers = [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
    return [
      below(
        `GET /api/health p95 while ${senders} senders post 1 MB of nested JSON to sign-in`,
        percentile(latencies, 95),
        'ms',
        50,
        `${latencies.length} health checks in ${durationMs / 1000} s; the attack got ${answers}`,
      ),
    ];
  } finally {
    stop = true;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
