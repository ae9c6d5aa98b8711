// `npm run soak` runs the suites whose size is a knob at the sizes they were first written for (a
// million items through createMany, 1,200 sends through the fault service, …): the suite keeps
// each at the smallest size that still proves its behaviour, so that it finishes in seconds.
/** Whether this run is `npm run soak`. */
export const SOAK = process.env['GATEWAY_SOAK'] === '1';

/** `small` in the suite, `large` in `npm run soak`. */
export const sized = (small: number, large: number): number => (SOAK ? large : small);
