/** Pre-flight for `npm test`: one clear line when Chromium (the browser tests' browser) is missing. */
import { chromiumProblem } from '../shared/local/chromium';

const problem = chromiumProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
