/** Types of entryWeight.mjs (plain JavaScript, so that the bench runs it under Node as it is). */
export declare const ENTRY_BUDGET_BYTES: number;
export declare const ENTRY_GOAL_BYTES: number;
export declare function entryFiles(outDir: string): string[];
export declare function packageOf(id: string, root: string): string;
export declare function entryWeight(
  outDir: string,
  root?: string,
): {
  files: { file: string; bytes: number; gzip: number }[];
  gzip: number;
  packages: { name: string; gzip: number }[];
};
