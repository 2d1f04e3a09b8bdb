/**
 * The most recently used entries within a budget: each entry weighs at least one, so many light
 * entries are bounded as much as a few heavy ones. Least recently used out first.
 */
export class Recent<V> {
  private readonly entries = new Map<string, V>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  private weight(value: V): number {
    return Math.max(1, this.weigh(value));
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) this.used -= this.weight(previous);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.used += this.weight(value);
    for (const [oldest, evicted] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= this.weight(evicted);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get weightUsed(): number {
    return this.used;
  }
}
