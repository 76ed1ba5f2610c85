/**
 * An error as the one line a command prints: a zod refusal (a setting of the environment, an argument) as
 * its first issue, `NAME: what is wrong`, rather than zod's JSON list of issues; any other error its message.
 */
export function errorLine(error: unknown): string {
  const e = error as Error & { issues?: Array<{ path: unknown[]; message: string }> };
  const issue = e.issues?.[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : String(e?.message ?? error);
}
