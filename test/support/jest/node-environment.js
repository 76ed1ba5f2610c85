/**
 * Jest's Node environment, each test file's globals in a plain V8 context.
 *
 * Jest (30) makes each file's context from a sandbox object, a Proxy that records the globals a file sets
 * so they can be deleted at teardown. V8 cannot cache a global lookup through such a context: every
 * `Object.keys`, `Math.floor`, `JSON.stringify` or `Date.now` in a test or in a module it loads (the AWS SDK,
 * aws-cdk-lib, date-holidays...) went through the context's interceptor and the Proxy's trap. Measured on
 * Node 20 (2026-11-26): a loop of `Math` calls ran 7 times slower in such a context than outside it, and
 * as fast as outside in a context made with `vm.constants.DONT_CONTEXTIFY`, whose global is an ordinary
 * global object. This environment is jest's own, its context made that way: the same globals (jest installs
 * them on it as before), each file's still its own; what is lost is the Proxy's record, whose only use was
 * to delete a finished file's globals sooner than the context's collection does.
 */
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    const createContext = vm.createContext;
    // jest-environment-node calls `vm.createContext` once, in its constructor.
    vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
  }
}

module.exports = NodeEnvironment;
