// One way to build Ajv validators, shared by the library registry and the HTTP schemas.
import AjvModule from 'ajv';

// ajv is CommonJS: under NodeNext its class is the default export's `default`.
const Ajv = AjvModule.default;
export type AjvInstance = InstanceType<typeof Ajv>;

export function createAjv(): AjvInstance {
  return new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
}
