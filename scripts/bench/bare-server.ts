// The ceiling for the HTTP benchmark: a bare node:http server answering the same health JSON.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'healthy', version: '1.0.0', engine_version: '0.1.0', modules: 9 });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1\n`);
});
process.on('disconnect', () => process.exit(0));
