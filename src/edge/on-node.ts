/**
 * What the edge build puts in place of modules that only the Node shop runs (ADR 35): the sandbox
 * payment page (forwarded to the API process at the edge, ADR 30) and the staff console's CSV
 * imports kept between their dry run and their apply (UPLOADS_DIR). Each export has the name the
 * shared code imports and throws when called: at the edge those paths are never taken.
 */

function onNode(what: string): never {
  throw new Error(`${what} runs on the Node shop, not in the edge build (ADR 35).`);
}

/** src/server/payment-sandbox/page.ts: the remote mode forwards the page to the API process. */
export const showSandboxPayment = (): never => onNode('The sandbox payment page');
export const chooseSandboxOutcome = (): never => onNode('The sandbox payment page');

/** src/features/catalogue-import/pending.ts: the staff console's imports need the shared uploads folder. */
export const KEEP_MS = 60 * 60 * 1000;
export const keepRun = (): never => onNode('A catalogue import');
export const readRun = (): never => onNode('A catalogue import');
export const runFile = (): never => onNode('A catalogue import');
export const markApplied = (): never => onNode('A catalogue import');
