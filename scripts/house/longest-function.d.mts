/** One function-like with a body, as scripts/house/longest-function.mjs measures it. */
export interface MeasuredFunction {
  /** `Class.method`, the function's name, or the variable an arrow function is bound to. */
  name: string;
  /** Lines from its first to its last, both counted. */
  lines: number;
  /** Its first line, from 1. */
  line: number;
}

/** Every function-like with a body in one source text. */
export function functionsOf(fileName: string, text: string): MeasuredFunction[];

/** Every function-like under `root`, longest first, with its file relative to the working directory. */
export function measure(root: string): (MeasuredFunction & { file: string })[];
