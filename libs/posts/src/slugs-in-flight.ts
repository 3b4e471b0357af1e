/**
 * Slugs this process's creates of one kind are inserting and have not committed yet. Another
 * create here passes over them without asking the database: otherwise writers of one title all
 * try the same next slug, and all but one fail on the first one's row lock and try the next.
 */
export class SlugsInFlight {
  private readonly held = new Map<string, number>();

  withPrefix(prefix: string): string[] {
    return [...this.held.keys()].filter((slug) => slug.startsWith(prefix));
  }

  hold(slug: string): void {
    this.held.set(slug, (this.held.get(slug) ?? 0) + 1);
  }

  release(slug: string): void {
    const left = (this.held.get(slug) ?? 0) - 1;
    if (left > 0) this.held.set(slug, left);
    else this.held.delete(slug);
  }
}
