// The two statements of pg-boss 10's SQL plans the job queue recognises (src/plans.js ships no types).
declare module 'pg-boss/src/plans.js' {
  /** Marks fetched jobs completed: what a worker runs, without awaiting it, after its handler resolved. */
  export function completeJobs(schema: string): string;
  /** Fails (or schedules the retry of) jobs by id: what a worker runs, without awaiting it, after its handler threw. */
  export function failJobsById(schema: string): string;
}
