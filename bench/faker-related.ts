import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One round's work of the faker-js contender: records made and the CPU time of its process making them. */
export interface FakerRound {
  records: number;
  cpuSeconds: number;
}

/**
 * Starts the faker-js contender of bench:employees or bench:households in its own process (bench/faker-related-child.ts),
 * so that faker's code shares no JIT or heap state with ussynth's contenders; each round is one message.
 * @example const faker = startFakerContender('employees'); const { records, cpuSeconds } = await faker.round(6); faker.stop()
 */
export function startFakerContender(kind: 'employees' | 'households'): {
  round: (pages: number) => Promise<FakerRound>;
  stop: () => void;
} {
  const child: ChildProcess = fork(fileURLToPath(new URL('faker-related-child.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx'],
  });
  return {
    round: (pages) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null): void => reject(new Error(`the faker-js contender exited (${code})`));
        child.once('exit', exited);
        child.once('message', (message) => {
          child.off('exit', exited);
          resolve(message as FakerRound);
        });
        child.send({ pages });
      }),
    stop: () => child.kill(),
  };
}
