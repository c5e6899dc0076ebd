import http from 'node:http';

/**
 * A round-robin HTTP load balancer, the part of a real one the several-servers benchmark
 * needs: each request goes to the next of `UPSTREAMS` (comma-separated base URLs) over
 * keep-alive connections, with its Host header, so a server sees the balancer's address as
 * its own; answers are streamed as they come, server-sent events included.
 */
const upstreams = (process.env.UPSTREAMS ?? '').split(',').map((url) => new URL(url));
if (!upstreams.length || !process.env.PORT) throw new Error('balancer: UPSTREAMS and PORT');
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let turn = 0;

const balancer = http.createServer((request, response) => {
  const upstream = upstreams[turn++ % upstreams.length] as URL;
  const forward = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
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
  forward.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  // A client that leaves (a closed event stream) ends the upstream request too.
  response.on('close', () => {
    if (!response.writableFinished) forward.destroy();
  });
  request.pipe(forward);
});
balancer.keepAliveTimeout = 60_000;
balancer.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
