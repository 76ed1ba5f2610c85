/**
 * Runs subject modules as one test file, each in a `describe` of its name: their hooks stay theirs, and
 * they share the file's modules and table (the README's "Tests" says why). Each loader is a literal
 * `require` of the runner's, so the import graph names every subject.
 */
export function subjects(loaders: Record<string, () => unknown>): void {
  for (const [name, load] of Object.entries(loaders)) {
    describe(name, () => {
      load();
    });
  }
}
