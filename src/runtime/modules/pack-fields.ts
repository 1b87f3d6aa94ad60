// The typed result fields that name the data packs an answer used (see packs/types.ts packReference).
import type { ResultField, ValueSpec } from './types.js';

const PACK_REFERENCE: ValueSpec = {
  type: 'object',
  description: 'an installed data pack: its kind, version, label, imported file name and the file\'s SHA-256',
  fields: [
    { name: 'kind', type: 'string', description: 'the pack kind (cpes data list)' },
    { name: 'version', type: 'integer', description: 'the installed version of the kind' },
    { name: 'label', type: ['string', 'null'], description: 'what the file says it is (release, laboratory)' },
    { name: 'file_name', type: 'string', description: 'the imported file' },
    { name: 'sha256', type: 'string', description: "SHA-256 of the imported file" },
  ],
};

export const dataPackField = (description: string): ResultField => ({ name: 'data_pack', ...PACK_REFERENCE, description, optional: true });

export const dataPacksField = (description: string): ResultField => ({ name: 'data_packs', type: 'array', items: PACK_REFERENCE, description, optional: true });
