// The Chevrotain grammar of language.md §3, building the typed AST directly (embedded actions are
// faster than a CST plus a visitor). One instance is reused for every parse.
import { EmbeddedActionsParser, tokenMatcher, type IOrAlt, type IToken, type TokenType } from 'chevrotain';
import type { Span } from '../diagnostic.js';
import * as T from '../lexer/tokens.js';
import type * as A from './ast.js';
import { errorMessageProvider } from './messages.js';

const NOWHERE: Span = { line: 0, column: 0, endLine: 0, endColumn: 0 };

/** What follows a primary: `.name`, `[index]` or `(args)`. */
type Suffix = { kind: 'member'; name: IToken } | { kind: 'index'; index: A.Expr } | { kind: 'call'; args: A.Expr[] };

export class ProtocolParser extends EmbeddedActionsParser {
  private source = '';
  /** > 0 while parsing an if/while/for head, where `{` always opens the block */
  private conditionDepth = 0;
  /** errors the grammar detects itself (chained comparisons) */
  chainErrors: { token: IToken; message: string }[] = [];

  constructor() {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 4, errorMessageProvider });
    this.performSelfAnalysis();
  }

  load(tokens: IToken[], source: string): void {
    this.source = source;
    this.conditionDepth = 0;
    this.chainErrors = [];
    this.input = tokens;
  }

  private spanOf(first: IToken, last: IToken = this.LA(0)): Span {
    if (!first || Number.isNaN(first.startLine)) return NOWHERE;
    const end = last && !Number.isNaN(last.endLine) && last.startOffset >= first.startOffset ? last : first;
    return { line: first.startLine!, column: first.startColumn!, endLine: end.endLine!, endColumn: end.endColumn! };
  }

  private textBetween(first: IToken, last: IToken): string {
    if (Number.isNaN(first.startOffset) || Number.isNaN(last.endOffset)) return '';
    return this.source.slice(first.startOffset, last.endOffset! + 1);
  }

  // program = { import | typeDef | functionDef | protocol } EOF
  program = this.RULE(
    'program',
    (): A.Program => {
      const first = this.LA(1);
      const items: A.TopLevel[] = [];
      this.MANY(() => {
        const item = this.OR([
          { ALT: () => this.SUBRULE(this.importDecl) },
          { ALT: () => this.SUBRULE(this.typeDef) },
          { ALT: () => this.SUBRULE(this.functionDef) },
          { ALT: () => this.SUBRULE(this.protocolDef) },
        ]);
        this.ACTION(() => item && items.push(item));
      });
      return this.ACTION(() => ({ kind: 'Program', items, ...this.spanOf(first) }) as A.Program);
    },
    { recoveryValueFunc: () => ({ kind: 'Program' as const, items: [], ...NOWHERE }) },
  );

  private dottedName = this.RULE(
    'dottedName',
    (): string[] => {
      const parts: string[] = [];
      parts.push(this.CONSUME(T.Identifier).image);
      this.MANY(() => {
        this.CONSUME(T.Dot);
        parts.push(this.CONSUME2(T.Identifier).image);
      });
      return parts;
    },
    { recoveryValueFunc: () => [] },
  );

  private importDecl = this.RULE(
    'importDecl',
    (): A.Import => {
      const first = this.CONSUME(T.Kw.import);
      const path = this.SUBRULE(this.dottedName);
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => ({ kind: 'Import', path, ...this.spanOf(first) }) as A.Import);
    },
    { recoveryValueFunc: () => ({ kind: 'Import' as const, path: [], ...NOWHERE }) },
  );

  private typeDef = this.RULE(
    'typeDef',
    (): A.TypeDef => {
      const first = this.CONSUME(T.Kw.type);
      const name = this.CONSUME(T.Identifier).image;
      let parent: string | null = null;
      this.OPTION(() => {
        this.CONSUME(T.Kw.extends);
        parent = this.CONSUME2(T.Identifier).image;
      });
      this.CONSUME(T.LBrace);
      const fields: A.FieldDef[] = [];
      this.MANY(() => {
        const field = this.SUBRULE(this.fieldDef);
        this.ACTION(() => fields.push(field));
      });
      this.CONSUME(T.RBrace);
      return this.ACTION(() => ({ kind: 'TypeDef', name, parent, fields, ...this.spanOf(first) }) as A.TypeDef);
    },
    { recoveryValueFunc: () => ({ kind: 'TypeDef' as const, name: '', parent: null, fields: [], ...NOWHERE }) },
  );

  private fieldDef = this.RULE(
    'fieldDef',
    (): A.FieldDef => {
      const first = this.CONSUME(T.Identifier);
      this.CONSUME(T.Colon);
      const typeToken = this.CONSUME2(T.Identifier);
      let defaultValue: A.Expr | null = null;
      this.OPTION(() => {
        this.CONSUME(T.Assign);
        defaultValue = this.SUBRULE(this.expression);
      });
      this.CONSUME(T.Semicolon);
      return this.ACTION(
        () =>
          ({
            kind: 'FieldDef',
            name: first.image,
            typeName: typeToken.image,
            typeSpan: this.spanOf(typeToken, typeToken),
            defaultValue,
            ...this.spanOf(first),
          }) as A.FieldDef,
      );
    },
    { recoveryValueFunc: () => ({ kind: 'FieldDef' as const, name: '', typeName: '', typeSpan: NOWHERE, defaultValue: null, ...NOWHERE }) },
  );

  private functionDef = this.RULE(
    'functionDef',
    (): A.FunctionDef => {
      const first = this.CONSUME(T.Kw.function);
      const name = this.CONSUME(T.Identifier).image;
      this.CONSUME(T.LParen);
      const params: A.Param[] = [];
      this.OPTION(() => {
        params.push(this.SUBRULE(this.param));
        this.MANY(() => {
          this.CONSUME(T.Comma);
          params.push(this.SUBRULE2(this.param));
        });
      });
      this.CONSUME(T.RParen);
      let returnType: string | null = null;
      this.OPTION2(() => {
        this.CONSUME(T.Arrow);
        returnType = this.CONSUME2(T.Identifier).image;
      });
      const body = this.SUBRULE(this.block);
      return this.ACTION(() => ({ kind: 'FunctionDef', name, params, returnType, body, ...this.spanOf(first) }) as A.FunctionDef);
    },
    { recoveryValueFunc: () => ({ kind: 'FunctionDef' as const, name: '', params: [], returnType: null, body: [], ...NOWHERE }) },
  );

  private param = this.RULE(
    'param',
    (): A.Param => {
      const first = this.CONSUME(T.Identifier);
      let typeName: string | null = null;
      this.OPTION(() => {
        this.CONSUME(T.Colon);
        typeName = this.CONSUME2(T.Identifier).image;
      });
      return this.ACTION(() => ({ kind: 'Param', name: first.image, typeName, ...this.spanOf(first) }) as A.Param);
    },
    { recoveryValueFunc: () => ({ kind: 'Param' as const, name: '', typeName: null, ...NOWHERE }) },
  );

  private protocolItemAlternatives: IOrAlt<A.Statement>[] | undefined;
  private protocolDef = this.RULE(
    'protocolDef',
    (): A.Protocol => {
      const first = this.CONSUME(T.Kw.protocol);
      const name = this.CONSUME(T.Identifier).image;
      this.CONSUME(T.LBrace);
      const body: A.Statement[] = [];
      this.MANY(() => {
        const statement = this.OR((this.protocolItemAlternatives ??= [
          { ALT: () => this.SUBRULE(this.inputDecl) },
          { ALT: () => this.SUBRULE(this.statement) },
        ]));
        this.ACTION(() => statement && body.push(statement));
      });
      this.CONSUME(T.RBrace);
      return this.ACTION(() => ({ kind: 'Protocol', name, body, ...this.spanOf(first) }) as A.Protocol);
    },
    { recoveryValueFunc: () => ({ kind: 'Protocol' as const, name: '', body: [], ...NOWHERE }) },
  );

  private inputDecl = this.RULE(
    'inputDecl',
    (): A.Input => {
      const first = this.CONSUME(T.Kw.input);
      this.CONSUME(T.Colon);
      const typeToken = this.CONSUME(T.Identifier);
      const name = this.CONSUME2(T.Identifier).image;
      this.CONSUME(T.Semicolon);
      return this.ACTION(
        () => ({ kind: 'Input', typeName: typeToken.image, typeSpan: this.spanOf(typeToken, typeToken), name, ...this.spanOf(first) }) as A.Input,
      );
    },
    { recoveryValueFunc: () => ({ kind: 'Input' as const, typeName: '', typeSpan: NOWHERE, name: '', ...NOWHERE }) },
  );

  private block = this.RULE(
    'block',
    (): A.Statement[] => {
      this.CONSUME(T.LBrace);
      const statements: A.Statement[] = [];
      this.MANY(() => {
        const statement = this.SUBRULE(this.statement);
        this.ACTION(() => statement && statements.push(statement));
      });
      this.CONSUME(T.RBrace);
      return statements;
    },
    { recoveryValueFunc: () => [] },
  );

  // `track`, `assess`, `administer`, `for` and `input` are also names: the parser's two-token lookahead
  // tells `track p.x;` (keyword, name) from `track(1);` (name, operator), as no expression has two names in a row.
  private statementAlternatives: IOrAlt<A.Statement>[] | undefined;
  private statement = this.RULE(
    'statement',
    (): A.Statement =>
      this.OR((this.statementAlternatives ??= [
        { ALT: () => this.SUBRULE(this.letStatement) },
        { ALT: () => this.SUBRULE(this.ifStatement) },
        { ALT: () => this.SUBRULE(this.whileStatement) },
        { ALT: () => this.SUBRULE(this.forStatement) },
        { ALT: () => this.SUBRULE(this.alertStatement) },
        { ALT: () => this.SUBRULE(this.administerStatement) },
        { ALT: () => this.SUBRULE(this.trackStatement) },
        { ALT: () => this.SUBRULE(this.assessStatement) },
        { ALT: () => this.SUBRULE(this.returnStatement) },
        { ALT: () => this.SUBRULE(this.expressionStatement) },
      ])),
    { recoveryValueFunc: () => ({ kind: 'ExprStatement' as const, expr: { kind: 'Null' as const, ...NOWHERE }, ...NOWHERE }) },
  );

  private letStatement = this.RULE(
    'letStatement',
    (): A.Let => {
      const first = this.CONSUME(T.Kw.let);
      const name = this.CONSUME(T.Identifier).image;
      let typeToken: IToken | null = null;
      this.OPTION(() => {
        this.CONSUME(T.Colon);
        typeToken = this.CONSUME2(T.Identifier);
      });
      this.CONSUME(T.Assign);
      const value = this.SUBRULE(this.expression);
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => {
        const type = typeToken as IToken | null;
        return {
          kind: 'Let',
          name,
          typeName: type ? type.image : null,
          typeSpan: type ? this.spanOf(type, type) : null,
          value,
          ...this.spanOf(first),
        } as A.Let;
      });
    },
    { recoveryValueFunc: () => ({ kind: 'Let' as const, name: '', typeName: null, typeSpan: null, value: { kind: 'Null' as const, ...NOWHERE }, ...NOWHERE }) },
  );

  /** An if/while/for head: `{` after it always opens the block, never a constructor. */
  private condition = this.RULE(
    'condition',
    (): { expr: A.Expr; text: string } => {
      const first = this.LA(1);
      this.ACTION(() => this.conditionDepth++);
      const expr = this.SUBRULE(this.expression);
      this.ACTION(() => this.conditionDepth--);
      return this.ACTION(() => ({ expr, text: this.textBetween(first, this.LA(0)) }));
    },
    { recoveryValueFunc: () => ({ expr: { kind: 'Null' as const, ...NOWHERE }, text: '' }) },
  );

  /** An `else if` chain is a loop here, not a recursion, so a long chain cannot exhaust the stack. */
  private ifStatement = this.RULE(
    'ifStatement',
    (): A.If => {
      const first = this.CONSUME(T.Kw.if);
      const branches: A.IfBranch[] = [];
      const branch = (start: IToken, condition: { expr: A.Expr; text: string }, then: A.Statement[]): void => {
        this.ACTION(() => branches.push({ condition: condition.expr, conditionText: condition.text, then, ...this.spanOf(start) }));
      };
      branch(first, this.SUBRULE(this.condition), this.SUBRULE(this.block));
      this.MANY({
        GATE: () => this.LA(2).tokenType === T.Kw.if,
        DEF: () => {
          this.CONSUME(T.Kw.else);
          const start = this.CONSUME2(T.Kw.if);
          branch(start, this.SUBRULE2(this.condition), this.SUBRULE2(this.block));
        },
      });
      let otherwise: A.Statement[] | null = null;
      this.OPTION(() => {
        this.CONSUME2(T.Kw.else);
        otherwise = this.SUBRULE3(this.block);
      });
      return this.ACTION(() => ({ kind: 'If', branches, otherwise, ...this.spanOf(first) }) as A.If);
    },
    { recoveryValueFunc: () => ({ kind: 'If' as const, branches: [], otherwise: null, ...NOWHERE }) },
  );

  private whileStatement = this.RULE(
    'whileStatement',
    (): A.While => {
      const first = this.CONSUME(T.Kw.while);
      const condition = this.SUBRULE(this.condition);
      const body = this.SUBRULE(this.block);
      return this.ACTION(
        () => ({ kind: 'While', condition: condition.expr, conditionText: condition.text, body, ...this.spanOf(first) }) as A.While,
      );
    },
    { recoveryValueFunc: () => ({ kind: 'While' as const, condition: { kind: 'Null' as const, ...NOWHERE }, conditionText: '', body: [], ...NOWHERE }) },
  );

  private forStatement = this.RULE(
    'forStatement',
    (): A.For => {
      const first = this.CONSUME(T.Kw.for);
      const variable = this.CONSUME(T.Identifier).image;
      this.CONSUME(T.Kw.in);
      const iterable = this.SUBRULE(this.condition);
      const body = this.SUBRULE(this.block);
      return this.ACTION(() => ({ kind: 'For', variable, iterable: iterable.expr, body, ...this.spanOf(first) }) as A.For);
    },
    { recoveryValueFunc: () => ({ kind: 'For' as const, variable: '', iterable: { kind: 'Null' as const, ...NOWHERE }, body: [], ...NOWHERE }) },
  );

  private alertStatement = this.RULE(
    'alertStatement',
    (): A.Alert => {
      const first = this.CONSUME(T.Kw.alert);
      const message = this.SUBRULE(this.expression);
      let severity: IToken | null = null;
      this.OPTION(() => {
        this.CONSUME(T.Kw.severity);
        this.CONSUME(T.Colon);
        severity = this.CONSUME(T.Identifier);
      });
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => {
        const s = severity as IToken | null;
        return { kind: 'Alert', message, severity: s ? s.image : null, severitySpan: s ? this.spanOf(s, s) : null, ...this.spanOf(first) } as A.Alert;
      });
    },
    { recoveryValueFunc: () => ({ kind: 'Alert' as const, message: { kind: 'Null' as const, ...NOWHERE }, severity: null, severitySpan: null, ...NOWHERE }) },
  );

  /** `administer Drug` and its clauses in any order: `dose: expr`, `route: IV`, `every: 8 h`, `indication: "text"`. */
  private administerStatement = this.RULE(
    'administerStatement',
    (): A.Administer => {
      const first = this.CONSUME(T.Kw.administer);
      const drug = this.CONSUME(T.Identifier).image;
      const node: A.Administer = { kind: 'Administer', drug, dose: null, route: null, routeSpan: null, every: null, indication: null, clauses: [], ...NOWHERE };
      const clause = (name: A.AdministerClauseName, keyword: IToken, set: () => void): void => {
        this.ACTION(() => {
          node.clauses.push({ name, ...this.spanOf(keyword, keyword) });
          set();
        });
      };
      this.AT_LEAST_ONE(() => {
        // not cached like the other alternatives: these close over this statement's node
        this.OR([
          {
            ALT: () => {
              const keyword = this.CONSUME(T.Kw.dose);
              this.CONSUME(T.Colon);
              const dose = this.SUBRULE(this.expression);
              clause('dose', keyword, () => (node.dose ??= dose));
            },
          },
          {
            ALT: () => {
              const keyword = this.CONSUME(T.Kw.route);
              this.CONSUME2(T.Colon);
              const route = this.CONSUME2(T.Identifier);
              clause('route', keyword, () => {
                if (node.route !== null) return;
                node.route = route.image;
                node.routeSpan = this.spanOf(route, route);
              });
            },
          },
          {
            ALT: () => {
              const keyword = this.CONSUME(T.Kw.every);
              this.CONSUME3(T.Colon);
              const every = this.SUBRULE2(this.expression);
              clause('every', keyword, () => (node.every ??= every));
            },
          },
          {
            ALT: () => {
              const keyword = this.CONSUME(T.Kw.indication);
              this.CONSUME4(T.Colon);
              const text = this.CONSUME(T.StringLiteral);
              clause('indication', keyword, () => (node.indication ??= decodeString(text.image)));
            },
          },
        ]);
      });
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => Object.assign(node, this.spanOf(first)));
    },
    { recoveryValueFunc: () => ({ kind: 'Administer' as const, drug: '', dose: null, route: null, routeSpan: null, every: null, indication: null, clauses: [], ...NOWHERE }) },
  );

  private trackStatement = this.RULE(
    'trackStatement',
    (): A.Track => {
      const first = this.CONSUME(T.Kw.track);
      const path = this.SUBRULE(this.dottedName);
      let useKae = false;
      this.OPTION(() => {
        this.CONSUME(T.Kw.using);
        this.CONSUME(T.Kw.KAE);
        useKae = true;
      });
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => ({ kind: 'Track', path, useKae, ...this.spanOf(first) }) as A.Track);
    },
    { recoveryValueFunc: () => ({ kind: 'Track' as const, path: [], useKae: false, ...NOWHERE }) },
  );

  private assessStatement = this.RULE(
    'assessStatement',
    (): A.Assess => {
      const first = this.CONSUME(T.Kw.assess);
      const target = this.SUBRULE(this.dottedName);
      this.CONSUME(T.Kw.for);
      const condition = this.CONSUME(T.Identifier);
      this.CONSUME(T.Semicolon);
      return this.ACTION(
        () => ({ kind: 'Assess', target, condition: condition.image, conditionSpan: this.spanOf(condition, condition), ...this.spanOf(first) }) as A.Assess,
      );
    },
    { recoveryValueFunc: () => ({ kind: 'Assess' as const, target: [], condition: '', conditionSpan: NOWHERE, ...NOWHERE }) },
  );

  private returnStatement = this.RULE(
    'returnStatement',
    (): A.Return => {
      const first = this.CONSUME(T.Kw.return);
      let value: A.Expr | null = null;
      this.OPTION(() => {
        value = this.SUBRULE(this.expression);
      });
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => ({ kind: 'Return', value, ...this.spanOf(first) }) as A.Return);
    },
    { recoveryValueFunc: () => ({ kind: 'Return' as const, value: null, ...NOWHERE }) },
  );

  private expressionStatement = this.RULE(
    'expressionStatement',
    (): A.ExprStatement => {
      const first = this.LA(1);
      const expr = this.SUBRULE(this.expression);
      this.CONSUME(T.Semicolon);
      return this.ACTION(() => ({ kind: 'ExprStatement', expr, ...this.spanOf(first) }) as A.ExprStatement);
    },
    { recoveryValueFunc: () => ({ kind: 'ExprStatement' as const, expr: { kind: 'Null' as const, ...NOWHERE }, ...NOWHERE }) },
  );

  // Expressions, lowest precedence first.

  expression = this.RULE('expression', (): A.Expr => this.SUBRULE(this.orExpression), {
    recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }),
  });

  private binary(first: IToken, left: A.Expr, op: A.BinaryOp, right: A.Expr): A.Binary {
    return { kind: 'Binary', op, left, right, ...this.spanOf(first) };
  }

  private orExpression = this.RULE(
    'orExpression',
    (): A.Expr => {
      const first = this.LA(1);
      let left = this.SUBRULE(this.andExpression);
      this.MANY(() => {
        this.CONSUME(T.Kw.or);
        const right = this.SUBRULE2(this.andExpression);
        this.ACTION(() => (left = this.binary(first, left, 'or', right)));
      });
      return left;
    },
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private andExpression = this.RULE(
    'andExpression',
    (): A.Expr => {
      const first = this.LA(1);
      let left = this.SUBRULE(this.notExpression);
      this.MANY(() => {
        this.CONSUME(T.Kw.and);
        const right = this.SUBRULE2(this.notExpression);
        this.ACTION(() => (left = this.binary(first, left, 'and', right)));
      });
      return left;
    },
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private notAlternatives: IOrAlt<A.Expr>[] | undefined;
  private notExpression = this.RULE(
    'notExpression',
    (): A.Expr =>
      this.OR((this.notAlternatives ??= [
        {
          ALT: () => {
            const first = this.CONSUME(T.Kw.not);
            const operand = this.SUBRULE(this.notExpression);
            return this.ACTION(() => ({ kind: 'Unary', op: 'not', operand, ...this.spanOf(first) }) as A.Unary);
          },
        },
        { ALT: () => this.SUBRULE(this.comparison) },
      ])),
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  /**
   * Comparisons do not chain: a second operator is parsed only to report it clearly. Each side may
   * end in `as <unit>` conversions, looser than arithmetic (`a / b as mg/kg` converts the quotient);
   * they are parsed here rather than in a rule of their own, which every expression would pay for.
   */
  private comparisonOperators: IOrAlt<IToken>[] | undefined;
  private comparison = this.RULE(
    'comparison',
    (): A.Expr => {
      const first = this.LA(1);
      let left = this.SUBRULE(this.additive);
      this.MANY(() => {
        this.CONSUME(T.Kw.as);
        const unit = this.CONSUME(T.Unit);
        this.ACTION(() => (left = this.conversion(first, left, unit)));
      });
      let count = 0;
      // one token decides: an operator continues the comparison (the default four would make `in`, also a name, costly to analyse)
      this.MANY2({
        MAX_LOOKAHEAD: 1,
        DEF: () => {
        // `in` (membership) is a contextual keyword, outside the ComparisonOp category so that it stays a name elsewhere
        const op = this.OR2({ MAX_LOOKAHEAD: 1, DEF: (this.comparisonOperators ??= [{ ALT: () => this.CONSUME(T.ComparisonOp) }, { ALT: () => this.CONSUME(T.Kw.in) }]) });
        const rightFirst = this.LA(1);
        let right = this.SUBRULE2(this.additive);
        this.MANY3(() => {
          this.CONSUME2(T.Kw.as);
          const unit = this.CONSUME2(T.Unit);
          this.ACTION(() => (right = this.conversion(rightFirst, right, unit)));
        });
        this.ACTION(() => {
          count++;
          if (count === 2) {
            this.chainErrors.push({ token: op, message: `comparisons do not chain: write 'a ${'<'} b and b ${'<'} c' instead of '${this.textBetween(first, this.LA(0))}'` });
          }
          left = this.binary(first, left, op.image as A.BinaryOp, right);
        });
        },
      });
      return left;
    },
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private conversion(first: IToken, value: A.Expr, unit: IToken): A.Convert {
    return { kind: 'Convert', value, unit: unit.image, unitSpan: this.spanOf(unit, unit), ...this.spanOf(first) };
  }

  private additive = this.RULE(
    'additive',
    (): A.Expr => {
      const first = this.LA(1);
      let left = this.SUBRULE(this.multiplicative);
      this.MANY(() => {
        const op = this.CONSUME(T.AdditiveOp);
        const right = this.SUBRULE2(this.multiplicative);
        this.ACTION(() => (left = this.binary(first, left, op.image as A.BinaryOp, right)));
      });
      return left;
    },
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private multiplicative = this.RULE(
    'multiplicative',
    (): A.Expr => {
      const first = this.LA(1);
      let left = this.SUBRULE(this.unary);
      this.MANY(() => {
        const op = this.CONSUME(T.MultiplicativeOp);
        const right = this.SUBRULE2(this.unary);
        this.ACTION(() => (left = this.binary(first, left, op.image as A.BinaryOp, right)));
      });
      return left;
    },
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private unaryAlternatives: IOrAlt<A.Expr>[] | undefined;
  private unary = this.RULE(
    'unary',
    (): A.Expr =>
      this.OR((this.unaryAlternatives ??= [
        {
          ALT: () => {
            const first = this.CONSUME(T.Minus);
            const operand = this.SUBRULE(this.unary);
            return this.ACTION(() => ({ kind: 'Unary', op: '-', operand, ...this.spanOf(first) }) as A.Unary);
          },
        },
        { ALT: () => this.SUBRULE(this.postfix) },
      ])),
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private suffixAlternatives: IOrAlt<Suffix>[] | undefined;
  private postfix = this.RULE(
    'postfix',
    (): A.Expr => {
      const first = this.LA(1);
      let target = this.SUBRULE(this.primary);
      this.MANY(() => {
        const suffix = this.OR((this.suffixAlternatives ??= [
          {
            ALT: (): Suffix => {
              this.CONSUME(T.Dot);
              // keywords may still name a field after `.` (results carry `type`, `dose`, `severity`, …)
              return { kind: 'member', name: this.CONSUME(T.MemberName) };
            },
          },
          {
            ALT: (): Suffix => {
              this.CONSUME(T.LBracket);
              const index = this.SUBRULE(this.expression);
              this.CONSUME(T.RBracket);
              return { kind: 'index', index };
            },
          },
          {
            ALT: (): Suffix => {
              this.CONSUME(T.LParen);
              const args: A.Expr[] = [];
              this.OPTION(() => {
                args.push(this.SUBRULE2(this.expression));
                this.MANY2(() => {
                  this.CONSUME(T.Comma);
                  args.push(this.SUBRULE3(this.expression));
                });
              });
              this.CONSUME(T.RParen);
              return { kind: 'call', args };
            },
          },
        ]));
        this.ACTION(() => {
          const span = this.spanOf(first);
          if (suffix.kind === 'member') {
            target = { kind: 'Member', object: target, property: suffix.name.image, propertySpan: this.spanOf(suffix.name, suffix.name), ...span };
          } else if (suffix.kind === 'index') {
            target = { kind: 'Index', object: target, index: suffix.index, ...span };
          } else {
            target = { kind: 'Call', callee: target, args: suffix.args, ...span };
          }
        });
      });
      return target;
    },
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private isConstructorStart(): boolean {
    return (
      this.conditionDepth === 0 &&
      this.LA(2).tokenType === T.LBrace &&
      tokenMatcher(this.LA(3), T.Identifier) &&
      this.LA(4).tokenType === T.Colon
    );
  }

  private primaryAlternatives: IOrAlt<A.Expr>[] | undefined;
  private primary = this.RULE(
    'primary',
    (): A.Expr =>
      this.OR((this.primaryAlternatives ??= [
        {
          ALT: () => {
            const number = this.CONSUME(T.NumberLiteral);
            let unit: string | null = null;
            this.OPTION(() => {
              unit = this.CONSUME(T.Unit).image;
            });
            return this.ACTION(() => ({ kind: 'Number', value: Number(number.image), text: number.image, unit, ...this.spanOf(number) }) as A.NumberLiteral);
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(T.StringLiteral);
            return this.ACTION(() => ({ kind: 'String', value: decodeString(token.image), ...this.spanOf(token) }) as A.StringLiteral);
          },
        },
        { ALT: () => this.literalKeyword(T.Kw.true, { kind: 'Boolean', value: true }) },
        { ALT: () => this.literalKeyword(T.Kw.false, { kind: 'Boolean', value: false }) },
        { ALT: () => this.literalKeyword(T.Kw.null, { kind: 'Null' }) },
        { GATE: () => this.isConstructorStart(), ALT: () => this.SUBRULE(this.construct), IGNORE_AMBIGUITIES: true },
        {
          ALT: () => {
            const token = this.CONSUME(T.Identifier);
            return this.ACTION(() => ({ kind: 'Name', name: token.image, ...this.spanOf(token) }) as A.NameRef);
          },
        },
        { ALT: () => this.SUBRULE(this.listLiteral) },
        { ALT: () => this.SUBRULE(this.mapLiteral) },
        {
          ALT: () => {
            this.CONSUME(T.LParen);
            const depth = this.conditionDepth;
            this.ACTION(() => (this.conditionDepth = 0));
            const inner = this.SUBRULE(this.expression);
            this.ACTION(() => (this.conditionDepth = depth));
            this.CONSUME(T.RParen);
            return inner;
          },
        },
      ])),
    { recoveryValueFunc: () => ({ kind: 'Null' as const, ...NOWHERE }) },
  );

  private literalKeyword(token: TokenType, node: { kind: 'Boolean'; value: boolean } | { kind: 'Null' }): A.Expr {
    const consumed = this.CONSUME(token);
    return this.ACTION(() => ({ ...node, ...this.spanOf(consumed) }) as A.Expr);
  }

  private construct = this.RULE(
    'construct',
    (): A.Construct => {
      const first = this.CONSUME(T.Identifier);
      this.CONSUME(T.LBrace);
      const fields: A.ConstructField[] = [];
      const field = (): void => {
        const name = this.CONSUME2(T.Identifier);
        this.CONSUME(T.Colon);
        const value = this.SUBRULE(this.expression);
        this.ACTION(() => fields.push({ name: name.image, value, ...this.spanOf(name) }));
      };
      field();
      this.MANY(() => {
        this.CONSUME(T.Comma);
        const name = this.CONSUME3(T.Identifier);
        this.CONSUME2(T.Colon);
        const value = this.SUBRULE2(this.expression);
        this.ACTION(() => fields.push({ name: name.image, value, ...this.spanOf(name) }));
      });
      this.CONSUME(T.RBrace);
      return this.ACTION(() => ({ kind: 'Construct', typeName: first.image, fields, ...this.spanOf(first) }) as A.Construct);
    },
    { recoveryValueFunc: () => ({ kind: 'Construct' as const, typeName: '', fields: [], ...NOWHERE }) },
  );

  private listLiteral = this.RULE(
    'listLiteral',
    (): A.ListLiteral => {
      const first = this.CONSUME(T.LBracket);
      const elements: A.Expr[] = [];
      this.OPTION(() => {
        elements.push(this.SUBRULE(this.expression));
        this.MANY({
          GATE: () => this.LA(2).tokenType !== T.RBracket,
          DEF: () => {
            this.CONSUME(T.Comma);
            elements.push(this.SUBRULE2(this.expression));
          },
        });
        this.OPTION2(() => this.CONSUME2(T.Comma));
      });
      this.CONSUME(T.RBracket);
      return this.ACTION(() => ({ kind: 'List', elements, ...this.spanOf(first) }) as A.ListLiteral);
    },
    { recoveryValueFunc: () => ({ kind: 'List' as const, elements: [], ...NOWHERE }) },
  );

  private mapLiteral = this.RULE(
    'mapLiteral',
    (): A.MapLiteral => {
      const first = this.CONSUME(T.LBrace);
      const entries: A.MapEntry[] = [];
      this.OPTION(() => {
        const entry = (key: IToken, value: A.Expr): void => {
          this.ACTION(() => entries.push({ key: decodeString(key.image), value, ...this.spanOf(key) }));
        };
        const key = this.CONSUME(T.StringLiteral);
        this.CONSUME(T.Colon);
        entry(key, this.SUBRULE(this.expression));
        this.MANY(() => {
          this.CONSUME(T.Comma);
          const nextKey = this.CONSUME2(T.StringLiteral);
          this.CONSUME2(T.Colon);
          entry(nextKey, this.SUBRULE2(this.expression));
        });
      });
      this.CONSUME(T.RBrace);
      return this.ACTION(() => ({ kind: 'Map', entries, ...this.spanOf(first) }) as A.MapLiteral);
    },
    { recoveryValueFunc: () => ({ kind: 'Map' as const, entries: [], ...NOWHERE }) },
  );
}

/** Decodes a string literal's escapes: \" \\ \n \t \u{XXXX}; any other escape keeps its character. */
export function decodeString(image: string): string {
  const body = image.slice(1, -1);
  if (!body.includes('\\')) return body;
  return body.replace(/\\(u\{([0-9A-Fa-f]{1,6})\}|.)/g, (_, escape: string, hex: string | undefined) => {
    if (hex !== undefined) {
      const code = parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    }
    switch (escape) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      default:
        return escape;
    }
  });
}
