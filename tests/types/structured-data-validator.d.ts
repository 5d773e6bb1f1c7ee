/** Types of @adobe/structured-data-validator (the package ships none), as far as tests/e2e/structured-data.ts uses it. */
declare module '@adobe/structured-data-validator' {
  /** One problem found: an ERROR fails Google's rich-result rules, a WARNING misses a recommended property. */
  export type ValidationIssue = { issueMessage: string; severity: 'ERROR' | 'WARNING'; rootType: string; fieldNames?: string[] };
  /** Validates extracted structured data ({ jsonld: { [type]: nodes[] } }); the schema.org vocabulary is optional. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]>; microdata?: Record<string, unknown[]>; rdfa?: Record<string, unknown[]> }): Promise<ValidationIssue[]>;
  }
}
