/** A file's fingerprint (shared/local/build-record.js). */
export type Fingerprint = (file: string, stats?: import('node:fs').Stats) => string;
export const byContent: Fingerprint;
export const bySizeAndTime: Fingerprint;
export function buildWhenChanged(options: {
  output: string;
  record: string;
  fingerprint: Fingerprint;
  build: (temporary: string) => Promise<string[]>;
}): Promise<'built' | 'up to date'>;
