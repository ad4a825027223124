/** One timed stage of the data build: CPU of the thread that ran it and wall time, in milliseconds. */
export interface StageTime {
  stage: string;
  cpuMs: number;
  wallMs: number;
}

// process.threadCpuUsage is Node 22.19+ (not in @types/node 20); before that, the process's CPU time.
const threadCpu = (): NodeJS.CpuUsage =>
  (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();

/**
 * The data build's stages as they end, each timed from the previous mark
 * (CPU of this thread, `process.threadCpuUsage`, and wall time), so that
 * `npm run bench:data` can say where a build's time goes. Marking costs a
 * few microseconds; a build that nobody times passes no clock.
 * @example const clock = new StageClock(); compileZips(); clock.mark('zips'); clock.stages[0] // { stage: 'zips', cpuMs: 812, wallMs: 830 }
 */
export class StageClock {
  readonly stages: StageTime[] = [];
  /** Stages another thread timed with its own clock (the measure worker's), kept apart: they ran beside these. */
  readonly beside: StageTime[] = [];
  #cpu = threadCpu();
  #wall = performance.now();

  /** Ends the stage running since the previous mark (or since the clock was made) under `stage`. */
  mark(stage: string): void {
    const cpu = threadCpu();
    const wall = performance.now();
    this.stages.push({
      stage,
      cpuMs: (cpu.user - this.#cpu.user + cpu.system - this.#cpu.system) / 1000,
      wallMs: wall - this.#wall,
    });
    this.#cpu = cpu;
    this.#wall = wall;
  }
}
