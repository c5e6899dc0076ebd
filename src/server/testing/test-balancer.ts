import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestBalancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A load balancer as an office would put in front of two CCA servers (nginx, HAProxy), reduced
 * to what a rolling restart meets: round-robin over the servers whose /api/health answered 200
 * at the last check (every `checkEveryMs`), and a request whose connection was refused tried on
 * the next one (it never reached a server). Answers, event streams included, pass through.
 */
export async function startTestBalancer(
  upstreamPorts: number[],
  checkEveryMs = 200,
): Promise<TestBalancer> {
  const healthy = new Set<number>(upstreamPorts);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const check = setInterval(() => {
    for (const port of upstreamPorts) {
      const probe = http.get(
        { host: '127.0.0.1', port, path: '/api/health', agent: false },
        (answer) => {
          answer.resume();
          if (answer.statusCode === 200) healthy.add(port);
          else healthy.delete(port);
        },
      );
      probe.on('error', () => healthy.delete(port));
      probe.setTimeout(checkEveryMs * 5, () => probe.destroy());
    }
  }, checkEveryMs);
  let turn = 0;

  const server = http.createServer(async (request, response) => {
    const body: Buffer[] = [];
    for await (const chunk of request) body.push(chunk as Buffer);
    const candidates = [...healthy];
    const send = (attempt: number) => {
      const port = candidates[(turn + attempt) % candidates.length] ?? upstreamPorts[0];
      const forward = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && attempt + 1 < Math.max(candidates.length, 2)) {
          send(attempt + 1);
        } else if (!response.headersSent) {
          response.writeHead(502).end();
        } else {
          response.destroy();
        }
      });
      response.on('close', () => {
        if (!response.writableFinished) forward.destroy();
      });
      forward.end(Buffer.concat(body));
    };
    turn++;
    send(0);
  });
  // nginx keeps an idle client connection 75 s. Node's default of 5 s raced the test's fetch,
  // which reuses a connection idle for up to 4 s: on a loaded machine its next request went
  // out on a socket the balancer was closing ("other side closed"), a failure of neither server.
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      clearInterval(check);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
