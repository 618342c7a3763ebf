/**
 * Validation of the feed's records against the DCAT-AP 3.0.0 SHACL shapes (shapes/, SEMIC,
 * CC-BY 4.0) with a SHACL engine (rdf-validate-shacl). The shapes are parsed once per process.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Quad, Term } from '@rdfjs/types';
import { Parser, Store } from 'n3';
import type SHACLValidator from 'rdf-validate-shacl';

export const SHAPES_FILE = join(dirname(fileURLToPath(import.meta.url)), 'shapes', 'dcat-ap-3.0.0-SHACL.ttl');

const SH = 'http://www.w3.org/ns/shacl#';

export interface ShaclResult {
  /** The node the result is about (a dataset, its publisher, a distribution…). */
  focus: string;
  /** The property's IRI, or '' when the shape is about the node itself. */
  path: string;
  /** The engine's message (English), or the constraint's name when it gives none. */
  message: string;
  severity: 'violation' | 'warning' | 'info';
  /** The constraint component's local name, e.g. ClassConstraintComponent. */
  constraint: string;
  /** The offending value, when there is one. */
  value: string | null;
  /** The class or datatype the shape expects of the value, when it names one. */
  expected: string | null;
}

let shapes: Promise<Store> | null = null;

function loadShapes(): Promise<Store> {
  shapes ??= readFile(SHAPES_FILE, 'utf8').then((text) => new Store(new Parser({ format: 'Turtle' }).parse(text)));
  return shapes;
}

// Compiling the shapes costs a hundred milliseconds or more; validating one record against them a
// few tens. One validator per process, then, used by one validation at a time (it keeps the data
// graph and its report between the steps of a validation).
let validator: Promise<SHACLValidator> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: (validator: SHACLValidator) => Promise<T>): Promise<T> {
  // The engine is loaded with the first validation: a server that validates nothing never holds it.
  validator ??= Promise.all([loadShapes(), import('rdf-validate-shacl')]).then(([shapesGraph, engine]) => new engine.default(shapesGraph));
  const run = queue.then(() => validator!).then(work);
  queue = run.catch(() => undefined);
  return run;
}

const local = (term: Term | null | undefined): string => (term ? term.value.replace(/^.*[#/]/, '') : '');

function severityOf(term: Term | null | undefined): ShaclResult['severity'] {
  switch (term?.value) {
    case `${SH}Warning`:
      return 'warning';
    case `${SH}Info`:
      return 'info';
    default:
      return 'violation';
  }
}

/** Every result of validating the quads against the DCAT-AP shapes; empty when they conform. */
export async function validateDcatAp(quads: Quad[]): Promise<ShaclResult[]> {
  const shapesGraph = await loadShapes();
  const report = await inTurn(async (shared) => {
    const { results } = await shared.validate(new Store(quads));
    return { results };
  });
  const expected = (shape: Term | null | undefined): string | null => {
    if (!shape || shape.termType !== 'NamedNode') return null;
    const [named] = [...shapesGraph.getObjects(shape, `${SH}class`, null), ...shapesGraph.getObjects(shape, `${SH}datatype`, null)];
    return named?.value ?? null;
  };
  return report.results.map((result) => ({
    focus: result.focusNode?.value ?? '',
    path: result.path?.termType === 'NamedNode' ? result.path.value : '',
    message: result.message.map((term) => term.value).join(' ') || local(result.sourceConstraintComponent),
    severity: severityOf(result.severity),
    constraint: local(result.sourceConstraintComponent),
    value: result.value?.value ?? null,
    expected: expected(result.sourceShape),
  }));
}
