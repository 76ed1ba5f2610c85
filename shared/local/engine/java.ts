import { spawnSync } from 'node:child_process';

const INSTALL_HINT =
  'install Java 17+ (Debian/Ubuntu: apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17; others: https://adoptium.net)';

let checked: string | null | undefined;
/** What `java -version` printed, when it ran. */
let versionText: string | undefined;

/**
 * Returns null when a Java 17+ runtime is on PATH, else the one-line reason and how to install it.
 * Asked once per process: starting a JVM to read its version costs a noticeable part of a start-up.
 */
export function javaProblem(): string | null {
  checked ??= probeJava();
  return checked;
}

function probeJava(): string | null {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return `DynamoDB Local needs Java 17 or later, and no 'java' was found on PATH: ${INSTALL_HINT}.`;
  }
  const text = `${probe.stderr}${probe.stdout}`;
  versionText = text.trim();
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  const first = Number(match?.[1] ?? 0);
  // Java 8 and older report "1.8.0_x": the major version is the second number.
  const major = first === 1 ? Number(match?.[2] ?? 0) : first;
  if (major < 17) {
    return `DynamoDB Local needs Java 17 or later, and 'java' is version ${major || 'unknown'}: ${INSTALL_HINT}.`;
  }
  return null;
}

/** What `java -version` prints (its runtime's full version and build), or undefined without a usable Java. */
export function javaVersion(): string | undefined {
  return javaProblem() === null ? versionText : undefined;
}
