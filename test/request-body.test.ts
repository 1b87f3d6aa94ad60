// The /v1/run body read from its raw text in a pool child (request-body.ts): the same refusals, with the
// same messages, as the JSON middleware of the other endpoints gives.
import { expect } from 'chai';
import { HttpError } from '../src/http/errors.js';
import { readRunBody } from '../src/http/request-body.js';

function refusal(text: string): { status: number; code: string; message: string } {
  try {
    readRunBody(text);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`accepted: ${text}`);
}

describe('reading a /v1/run body from its text', () => {
  it('reads the code and the patient', () => {
    expect(readRunBody('{"code":"protocol P {}","patient":{"bp":85}}')).to.deep.equal({ code: 'protocol P {}', patient: { bp: 85 } });
  });

  it('reads an empty body as {}, so the missing field is named', () => {
    expect(refusal('')).to.deep.equal({ status: 400, code: 'invalid_request', message: "missing required field 'code'" });
  });

  it('refuses text that is not a JSON object or array as not valid JSON, and an array as not an object', () => {
    for (const text of ['"code"', '42', '{"code": ', 'null']) expect(refusal(text).message, text).to.equal('the request body is not valid JSON');
    expect(refusal('[1]').message).to.equal('the request body must be a JSON object');
  });

  it('refuses prototype keys, escaped or not, as not valid JSON', () => {
    for (const text of ['{"code":"x","__proto__":{"a":1}}', '{"code":"x","patient":{"\\u005f_proto__":1}}', '{"code":"x","constructor":{"prototype":{}}}']) {
      expect(refusal(text).message, text).to.equal('the request body is not valid JSON');
    }
  });

  it('names a number that is not finite and nesting beyond the limit, with where', () => {
    expect(refusal('{"code":"x","patient":{"bp":1e400}}').message).to.match(/not finite at 'patient\.bp'/);
    expect(refusal(`{"code":"x","patient":{"a":${'['.repeat(40)}${']'.repeat(40)}}}`).message).to.match(/nested deeper than 32 levels/);
  });

  it('refuses an unknown field by name and code over 10,000 code points with 413', () => {
    expect(refusal('{"code":"x","patinet":{}}').message).to.equal("unknown field 'patinet'");
    expect(refusal(JSON.stringify({ code: 'x'.repeat(10_001) }))).to.deep.equal({ status: 413, code: 'too_large', message: 'the protocol code is longer than 10000 characters' });
  });
});
