import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// The outbox as `npm start` serves it (GET /_outbox): where it is, what it holds. Writing to it is
// local-mail.ts's OutboxTransport (with nodemailer, which the server does not need to read it).

/** Where `npm start` writes e-mails when no SMTP_URL is set: OUTBOX_DIR, by default ./.data/outbox. */
export const outboxFolder = (env: NodeJS.ProcessEnv): string => env.OUTBOX_DIR || join('.data', 'outbox');

/** The outbox's e-mails, newest first, as `GET /_outbox` lists them: file, time, subject. */
export async function listOutbox(folder: string) {
  const names = await readdir(folder).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (file) => {
        const path = join(folder, file);
        const [info, text] = await Promise.all([stat(path), readFile(path, 'utf8')]);
        const head = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
        const subject =
          /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        return { file, created_at: info.mtime.toISOString(), size: info.size, subject };
      }),
  );
  return entries.sort((a, b) => b.file.localeCompare(a.file));
}

/** One outbox file's text, or null (a name outside the folder or not an .eml is none). */
export async function readOutboxFile(folder: string, file: string): Promise<string | null> {
  if (!/^[\w.-]+\.eml$/.test(file)) return null;
  const path = resolve(folder, file);
  return readFile(path, 'utf8').catch(() => null);
}
