// Reading a JSON request body from its raw text, with the errors the HTTP layer answers. The parent reads
// a /v1/run body only as text (size and encoding limits) and hands the text to a pool child, which parses
// and validates it here: the parent's event loop never parses or walks a protocol body.
import { HttpError } from './errors.js';
import { formatJsonPath, inspectJson } from '../util/json-inspect.js';
import { describeBodyError, MAX_BODY_DEPTH, MAX_CODE_POINTS, validateRunBody } from './schemas.js';
import type { JsonValue } from '../runtime/modules/types.js';

const invalid = (message: string): HttpError => new HttpError(400, 'invalid_request', message);

/** JSON text starts with an object or an array (koa-bodyparser's strict mode, which the other endpoints use). */
const STRICT_JSON_START = /^[\x20\x09\x0a\x0d]*(\[|\{)/;

/** An own `__proto__` key, or a `constructor` object with an own `prototype`: refused as koa-bodyparser refuses them. */
function poisoned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(poisoned);
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  const constructor = (value as Record<string, unknown>).constructor;
  if (Object.prototype.hasOwnProperty.call(value, 'constructor') && typeof constructor === 'object' && constructor !== null && Object.prototype.hasOwnProperty.call(constructor, 'prototype')) return true;
  return Object.values(value).some(poisoned);
}

/** The parsed body, checked as the JSON middleware of the other endpoints checks it; throws HttpError. */
export function parseJsonBody(text: string): unknown {
  if (!text) return {}; // an empty body reads as {} (its missing fields are then named)
  let parsed: unknown;
  try {
    if (!STRICT_JSON_START.test(text)) throw new SyntaxError('not an object or an array');
    parsed = JSON.parse(text);
  } catch {
    throw invalid('the request body is not valid JSON');
  }
  // the text says whether a walk for prototype keys is needed at all
  if ((text.includes('__proto__') || text.includes('prototype') || text.includes('\\u')) && poisoned(parsed)) throw invalid('the request body is not valid JSON');
  const problem = inspectJson(parsed, MAX_BODY_DEPTH);
  if (problem) {
    const where = problem.path.length ? ` at '${formatJsonPath(problem.path)}'` : '';
    throw invalid(
      problem.kind === 'non_finite'
        ? `the request body has a number that is not finite${where} (JSON numbers beyond ±1.8e308, such as 1e400, cannot be used)`
        : `the request body is nested deeper than ${MAX_BODY_DEPTH} levels${where}`,
    );
  }
  return parsed;
}

/** The body as an object; throws HttpError otherwise. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('the request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Code points of `text`, counting no further than one past `stopAfter`. */
export function countCodePoints(text: string, stopAfter: number): number {
  if (text.length <= stopAfter) return text.length; // fewer UTF-16 units than the limit: fewer code points too
  let count = 0;
  for (const _ of text) if (++count > stopAfter) break;
  return count;
}

/** Protocol text within the code-point limit; throws HttpError (413) otherwise. */
export function checkCodeLength(code: string): string {
  if (countCodePoints(code, MAX_CODE_POINTS) > MAX_CODE_POINTS) throw new HttpError(413, 'too_large', `the protocol code is longer than ${MAX_CODE_POINTS} characters`);
  return code;
}

/** A POST /v1/run body from its raw text: the protocol and the patient, or HttpError. */
export function readRunBody(text: string): { code: string; patient: Record<string, JsonValue> | undefined } {
  const body = objectBody(parseJsonBody(text));
  if (!validateRunBody(body)) throw invalid(describeBodyError(validateRunBody.errors));
  return { code: checkCodeLength(body.code as string), patient: body.patient as Record<string, JsonValue> | undefined };
}
