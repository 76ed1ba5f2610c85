/**
 * Jest's runtime, compiling each module once per worker instead of once per test file.
 *
 * Jest evaluates every test file's modules afresh (its own module registry and globals: that isolation
 * stays), and compiles each module's code with `vm.compileFunction`, which V8 never caches: every file
 * parsed the AWS SDK, zod, luxon... again, and recompiled each function it ran. Here a module's code is
 * compiled once per worker into a `vm.Script` (context-free) and run in each file's own context: the same
 * code, evaluated afresh, without the second parse.
 *
 * Jest's own compile is kept for what a shared script cannot serve: a module with a dynamic `import()`
 * (jest binds its resolution to one file's runtime), jest's stand-ins for core modules, and a syntax
 * error (jest's message for it is the useful one).
 */
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** Per worker: module file → its transformed code and the script compiled from it. */
const scripts = new Map();

function compileOnce(executor, jestCompile, source, filename) {
  const context = executor.environment.getVmContext();
  if (context == null) return null;
  if (source.includes('import(') || executor.resolution.isCoreModule(filename)) {
    return jestCompile.call(executor, source, filename);
  }
  const parameters = executor.injectedModuleParameters;
  const key = `${filename}\0${parameters.join(',')}`;
  let entry = scripts.get(key);
  if (entry === undefined || entry.source !== source) {
    let script;
    try {
      // On the code's first line, as Node's own module wrapper: line numbers in stacks stay the file's.
      script = new vm.Script(`(function (${parameters.join(', ')}) {${source}\n})`, { filename });
    } catch {
      return jestCompile.call(executor, source, filename);
    }
    entry = { source, script };
    scripts.set(key, entry);
  }
  return entry.script.runInContext(context);
}

class CompileOnceRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    // A jest whose runtime is shaped otherwise keeps its own compile.
    if (
      executor &&
      typeof executor.compile === 'function' &&
      Array.isArray(executor.injectedModuleParameters)
    ) {
      const jestCompile = executor.compile;
      executor.compile = (source, filename) => compileOnce(executor, jestCompile, source, filename);
    }
  }
}

module.exports = CompileOnceRuntime;
