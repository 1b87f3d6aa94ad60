// GET /v1/openapi.json: built from the request schemas that validate bodies and from the registry's
// typed parameters, so the description cannot drift from what the service accepts.
import { API_VERSION } from '../engine/version.js';
import { DOSE_LEVELS } from '../runtime/modules/types.js';
import { functionCatalogue } from './function-catalogue.js';
import { callBodySchema, checkBodySchema, runBodySchema } from './schemas.js';

const errorBody = {
  type: 'object',
  required: ['success', 'error', 'code'],
  properties: { success: { const: false }, error: { type: 'string' }, code: { type: 'string' } },
};

let cached: unknown = null;

export function openApiDocument(): unknown {
  cached ??= {
    openapi: '3.1.0',
    info: { title: 'cpes — Clinical Protocol Execution Service', version: API_VERSION },
    servers: [{ url: '/v1' }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: {
        RunRequest: runBodySchema,
        CallRequest: callBodySchema,
        CheckRequest: checkBodySchema,
        CheckResponse: {
          type: 'object',
          required: ['success', 'diagnostics'],
          properties: {
            success: { type: 'boolean', description: 'false when any diagnostic is an error; warnings alone pass' },
            diagnostics: {
              type: 'array',
              items: {
                type: 'object',
                required: ['line', 'column', 'endLine', 'endColumn', 'severity', 'message'],
                properties: {
                  line: { type: 'integer', minimum: 1 },
                  column: { type: 'integer', minimum: 1 },
                  endLine: { type: 'integer', minimum: 1, description: 'line of the last character of the construct' },
                  endColumn: { type: 'integer', minimum: 1, description: 'column of the last character (inclusive)' },
                  severity: { enum: ['error', 'warning'] },
                  message: { type: 'string' },
                  suggestion: { type: 'string', description: 'a replacement for the text at the span, when one is known' },
                },
              },
            },
          },
        },
        Error: errorBody,
        DoseLevel: {
          enum: [...DOSE_LEVELS],
          description:
            'Dose-check level of pk.validate_dose, calculate_dose, administer and the administer statement. OK only when every applicable limit (single dose or rate for the route, daily, weekly) is known and held; UNCHECKED when the drug is known but a needed limit was never verified, or an earlier drug of the run is unknown; safe/is_safe/safe_to_administer are then null, never true. UNKNOWN: the drug is not in the table.',
        },
      },
    },
    paths: {
      '/health': { get: { summary: 'Service health', responses: { 200: { description: 'healthy' }, 503: { description: 'degraded' } } } },
      '/tiers': { get: { summary: 'Pricing tiers', responses: { 200: { description: 'the four tiers' } } } },
      '/modules': { get: { summary: 'Every library module and function', responses: { 200: { description: 'module listing; `functions` gives each function\'s parameters and declared result, as x-library-functions does' } } } },
      '/run': {
        post: {
          summary: 'Run a protocol',
          security: [{ apiKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/RunRequest' } } } },
          responses: {
            200: { description: 'ran (success true), or stopped with a runtime error (success false)' },
            400: { description: 'invalid body, or syntax/compile errors with diagnostics' },
            401: { description: 'missing or invalid key' },
            408: { description: 'ran longer than the time limit' },
            413: { description: 'code over 10,000 characters or body over 1 MiB' },
            429: { description: 'rate limit' },
            503: { description: 'every worker busy and the queue full' },
          },
        },
      },
      '/check': {
        post: {
          summary: 'Check a protocol without running it',
          description:
            'Every syntax and compile error (and warning) of the protocol, as `cpes check` reports them; nothing runs. Counted against the per-minute rate limit, NOT against the monthly quota. Same size limits as /run.',
          security: [{ apiKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CheckRequest' } } } },
          responses: {
            200: { description: 'the diagnostics (success false when there is an error)', content: { 'application/json': { schema: { $ref: '#/components/schemas/CheckResponse' } } } },
            400: { description: 'invalid body' },
            401: { description: 'missing or invalid key' },
            413: { description: 'code over 10,000 characters or body over 1 MiB' },
            429: { description: 'per-minute rate limit' },
            503: { description: 'every worker busy and the queue full' },
          },
        },
      },
      '/call': {
        post: {
          summary: 'Call one library function',
          description: 'The functions, their typed parameters and their declared results are listed under x-library-functions.',
          security: [{ apiKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CallRequest' } } } },
          responses: { 200: { description: 'result' }, 400: { description: 'unknown function or invalid argument' }, 401: { description: 'missing or invalid key' }, 429: { description: 'rate limit' } },
        },
      },
      '/usage': { get: { summary: 'Usage of the calling key this month', security: [{ apiKey: [] }], responses: { 200: { description: 'usage record' } } } },
      '/openapi.json': { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1' } } } },
    },
    'x-library-functions': functionCatalogue(),
  };
  return cached;
}
