/**
 * Which tags a webhook evicted while some work was under way, so that work
 * does not keep what it built from the data the event changed: an answer
 * still being built when its gig is evicted would otherwise be stored after
 * the eviction, and outlive it by its whole lifetime.
 *
 * Counted in evictions, not in time (no two events share a moment). Bounded:
 * past `maxTags` the oldest tags are forgotten, and work begun before the
 * last one forgotten counts as overtaken, whatever it read.
 */
export class EvictionLog {
  private evictions = 0;
  /** Tag → the eviction that last named it, oldest first. */
  private readonly lastEvicted = new Map<string, number>();
  /** The eviction of the newest tag forgotten: work begun before it may have been overtaken by it. */
  private forgotten = 0;

  constructor(private readonly maxTags = 10_000) {}

  /** The moment to compare with later, taken before the work reads anything. */
  mark(): number {
    return this.evictions;
  }

  /** One eviction of `tags`, noted before they are evicted, so anything storing after it sees it. */
  note(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.evictions++;
    for (const tag of tags) {
      this.lastEvicted.delete(tag);
      this.lastEvicted.set(tag, this.evictions);
    }
    for (const [tag, eviction] of this.lastEvicted) {
      if (this.lastEvicted.size <= this.maxTags) break;
      this.lastEvicted.delete(tag);
      this.forgotten = eviction;
    }
  }

  /** Whether one of `tags` was evicted after `mark`: what was built from them since may be stale. */
  overtaken(tags: readonly string[], mark: number): boolean {
    if (mark < this.forgotten) return true;
    return tags.some((tag) => (this.lastEvicted.get(tag) ?? 0) > mark);
  }
}
