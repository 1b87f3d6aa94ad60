// The /health target's yardstick: the plainest Koa + @koa/router app, answering the JSON given in
// BENCH_BODY as an object that Koa serialises per request, as a typical handler would.
import Router from '@koa/router';
import Koa from 'koa';

const answer = JSON.parse(process.env.BENCH_BODY ?? '{}') as object;
const app = new Koa();
const router = new Router({ prefix: '/v1' });
router.get('/health', (ctx) => {
  ctx.body = answer;
});
app.use(router.routes());
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1\n`);
});
process.on('disconnect', () => process.exit(0));
