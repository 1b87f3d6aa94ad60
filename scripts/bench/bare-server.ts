// A ceiling for /health: a bare node:http server answering the JSON text given in BENCH_BODY.
import { createServer } from 'node:http';

const body = process.env.BENCH_BODY ?? '{}';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1\n`);
});
process.on('disconnect', () => process.exit(0));
