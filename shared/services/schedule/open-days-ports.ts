/** What the self-service settings and the open-days horizon need of a store (see services/ports.ts). */

/** An entity whose slots open by themselves, and the last day a run has looked at (none yet: null). */
export interface OpenDaysEntry {
  entityId: string;
  openedThrough: string | null;
}

/** The open-days directory: the entities with open_days_ahead > 0, kept by the settings transaction. */
export interface OpenDaysDirectory {
  list(): Promise<OpenDaysEntry[]>;
  /** Records that every day through `date` was looked at; false when the entity left the directory. */
  markOpened(entityId: string, date: string): Promise<boolean>;
}
