// The licences a shipped reference table may carry: each is compatible with shipping the table inside an
// Apache-2.0 product (a table under CC BY-SA stays under it as a separate work, with its attribution in
// THIRD_PARTY.md). Every table records one of these ids in its `licence` field; a build test fails on any
// other (a GPL, CLSI, UMLS or "no licence" source cannot be shipped).
export const ALLOWED_TABLE_LICENCES: Readonly<Record<string, string>> = {
  'Apache-2.0': 'compiled for cpes from the sources cited per row (facts such as doses, limits and codes; no third-party text or table copied), released with cpes',
  'CC0-1.0': 'Creative Commons Zero 1.0: no rights reserved (CPIC data)',
  'CC-BY-SA-4.0': 'Creative Commons Attribution-ShareAlike 4.0: the table is distributed under it, with attribution (DrugCentral structures)',
  'LicenseRef-US-Government-Public-Domain': 'a work of the US Government (CMS, NCHS, FDA): public domain',
  'LicenseRef-NLM-RxNorm': "RxNorm's own content (SAB=RXNORM), US National Library of Medicine: no licence restrictions on its use (other UMLS sources are not shipped)",
  'LicenseRef-EUCAST': 'EUCAST documents are free to use, with the attribution "EUCAST, www.eucast.org" and the version used',
  'LicenseRef-ExPASy-ENZYME': 'SIB ENZYME nomenclature: free use by any institution as long as its content is not modified',
};
