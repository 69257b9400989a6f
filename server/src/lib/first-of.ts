/**
 * The first `count` items of a stream in `compare` order, without sorting the whole stream: a bounded heap whose
 * root is the last item kept, so an item that comes after it costs one comparison. For a results page this is
 * `page × size` items out of hundreds (the car search sorted every match to show fifteen).
 */
export class FirstOf<T> {
  readonly #count: number;
  readonly #compare: (a: T, b: T) => number;
  /** A max-heap in `compare` order: `#heap[0]` is the last of the items kept. */
  readonly #heap: T[] = [];

  constructor(count: number, compare: (a: T, b: T) => number) {
    this.#count = count;
    this.#compare = compare;
  }

  /** Whether `item` would be kept now: `true` while fewer than `count` are kept or it comes before the last one. */
  wants(item: T): boolean {
    if (this.#count <= 0) return false;
    return this.#heap.length < this.#count || this.#compare(item, this.#heap[0] as T) < 0;
  }

  add(item: T): void {
    if (!this.wants(item)) return;
    const heap = this.#heap;
    if (heap.length < this.#count) {
      heap.push(item);
      this.#up(heap.length - 1);
    } else {
      heap[0] = item;
      this.#down(0);
    }
  }

  /** The items kept, in `compare` order. */
  sorted(): T[] {
    return [...this.#heap].sort(this.#compare);
  }

  #up(index: number): void {
    const heap = this.#heap;
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (this.#compare(heap[child] as T, heap[parent] as T) <= 0) return;
      [heap[child], heap[parent]] = [heap[parent] as T, heap[child] as T];
      child = parent;
    }
  }

  #down(index: number): void {
    const heap = this.#heap;
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let last = parent;
      if (left < heap.length && this.#compare(heap[left] as T, heap[last] as T) > 0) last = left;
      if (right < heap.length && this.#compare(heap[right] as T, heap[last] as T) > 0) last = right;
      if (last === parent) return;
      [heap[parent], heap[last]] = [heap[last] as T, heap[parent] as T];
      parent = last;
    }
  }
}
