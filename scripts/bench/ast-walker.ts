// A plain AST-walking evaluator, written only to measure what compiling to closures gains. It handles
// just what the loop benchmark uses: lets, while, names, numbers, + and <, with name lookup by string.
import type * as A from '../../src/parser/ast.js';

type Env = Map<string, number | boolean>;

function evaluate(e: A.Expr, env: Env): number | boolean {
  switch (e.kind) {
    case 'Number':
      return e.value;
    case 'Name': {
      const v = env.get(e.name);
      if (v === undefined) throw new Error(`unbound ${e.name}`);
      return v;
    }
    case 'Binary': {
      const a = evaluate(e.left, env) as number;
      const b = evaluate(e.right, env) as number;
      if (e.op === '+') return a + b;
      if (e.op === '<') return a < b;
      throw new Error(`unsupported ${e.op}`);
    }
    default:
      throw new Error(`unsupported ${e.kind}`);
  }
}

function execute(statements: A.Statement[], env: Env): void {
  for (const s of statements) {
    if (s.kind === 'Let') env.set(s.name, evaluate(s.value, env));
    else if (s.kind === 'While') while (evaluate(s.condition, env) === true) execute(s.body, env);
    else throw new Error(`unsupported ${s.kind}`);
  }
}

export function walkProtocol(program: A.Program): Env {
  const env: Env = new Map();
  for (const item of program.items) if (item.kind === 'Protocol') execute(item.body, env);
  return env;
}
