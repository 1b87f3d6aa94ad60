// Middlewares run in order as one, for the endpoints answered before the router (app.ts).
import type { Middleware } from 'koa';

export function chain(middlewares: readonly Middleware[]): Middleware {
  const step = (index: number): Middleware => {
    const middleware = middlewares[index];
    if (!middleware) return (_ctx, next) => next();
    const rest = step(index + 1);
    return (ctx, next) => middleware(ctx, () => rest(ctx, next));
  };
  return step(0);
}
