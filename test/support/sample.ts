/**
 * Seeded samples for the long loops over values (issue 31, point 6): a run does a fixed amount of work,
 * a different part each run, and prints its seed in every case's label so a failure runs again with
 * `<NAME>=<seed> npx jest <file>`.
 */
export interface Sampler {
  /** The seed of this run: from the environment variable named, else random. */
  readonly seed: number;
  /** What to set to run this sample again, for case labels: `NAME=seed`. */
  readonly label: string;
  /** A number generator for `salt` (the same salt and seed give the same picks). */
  picker(salt: string): <T>(list: readonly T[]) => T;
  /** `count` distinct items of `list` (all of them when it is shorter), in their order in `list`. */
  some<T>(list: readonly T[], count: number, salt: string): T[];
  /**
   * Pairs of a field and a value instead of every pair: each field with one value and each value with one
   * field, picked for `salt`. Every field and every value is tried each run; other pairs than the last.
   */
  pairs<F, V>(fields: readonly F[], values: readonly V[], salt: string): Array<[F, V]>;
}

export function sampler(envName: string): Sampler {
  const given = Number.parseInt(process.env[envName] ?? '', 10);
  const seed = Number.isSafeInteger(given) ? given : Math.floor(Math.random() * 2 ** 31);
  const numbers = (salt: string) => {
    let state = seed;
    for (const ch of salt) state = (Math.imul(state ^ ch.charCodeAt(0), 2654435761) >>> 0) % 2 ** 31;
    return (n: number) => {
      // mulberry32
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
  };
  return {
    seed,
    label: `${envName}=${seed}`,
    picker(salt) {
      const next = numbers(salt);
      return <T>(list: readonly T[]) => list[next(list.length)] as T;
    },
    some(list, count, salt) {
      const next = numbers(salt);
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, list.length)) chosen.add(next(list.length));
      return [...chosen].sort((a, b) => a - b).map((i) => list[i] as (typeof list)[number]);
    },
    pairs(fields, values, salt) {
      const pick = this.picker(salt);
      return [
        ...fields.map((field) => [field, pick(values)] as [(typeof fields)[number], (typeof values)[number]]),
        ...values.map((value) => [pick(fields), value] as [(typeof fields)[number], (typeof values)[number]]),
      ];
    },
  };
}
