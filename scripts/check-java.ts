/** Pre-flight for `npm test`: one clear line when Java 17+ is missing, instead of a failing test run. */
import { javaProblem } from '../shared/local/engine/java';

const problem = javaProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
