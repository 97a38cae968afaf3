// Writes gathered into batches (docs/adr/0019-sales-written-together.md). A write that arrives
// while `maxInFlight` batches are being written waits for the next batch, with every other write
// that arrives meanwhile; a write that arrives when the database is idle goes at once, alone. A
// batch is one transaction: one round trip and one commit for all its writes, which on a busy
// shop is most of what a small write costs the machine.
import { pgErrorCode } from '../db/errors';

export interface WriteBatchesOptions {
  /** Writes in one batch at most. */
  maxBatch: number;
  /** Batches being written at once (each takes one connection). */
  maxInFlight: number;
}

interface Waiting<Item, Out> {
  item: Item;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

export class WriteBatches<Item, Out> {
  private readonly waiting: Waiting<Item, Out>[] = [];
  private inFlight = 0;
  /** What was written so far (read by tests): batches of several writes, the most writes one
   * held, and batches the database refused whose writes were then written alone. */
  readonly stats = { batches: 0, largest: 0, writtenAlone: 0 };

  /**
   * `writeMany`: the items in one transaction, an answer per item in their order. Should the
   * database refuse it (an error it reports: the transaction was rolled back, nothing written),
   * each item is written again with `writeOne`, in order, so that one item's error is its own.
   */
  constructor(
    private readonly writeMany: (items: Item[]) => Promise<Out[]>,
    private readonly writeOne: (item: Item) => Promise<Out>,
    private readonly options: WriteBatchesOptions,
  ) {}

  write(item: Item): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.next();
      });
    }
  }

  private async run(batch: Waiting<Item, Out>[]): Promise<void> {
    const [first] = batch;
    if (first !== undefined && batch.length === 1) {
      await settle(first, () => this.writeOne(first.item));
      return;
    }
    let outs: Out[];
    try {
      outs = await this.writeMany(batch.map((waiting) => waiting.item));
    } catch (error) {
      // Not answered by the database (a lost connection): whether it committed is unknown, so
      // nothing is written again; each write fails as a lone write would.
      if (pgErrorCode(error) === null) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // One after another, in the order they arrived: of two writes that cannot both be
      // written (one resi), the first is.
      this.stats.writtenAlone += 1;
      for (const waiting of batch) await settle(waiting, () => this.writeOne(waiting.item));
      return;
    }
    this.stats.batches += 1;
    batch.forEach((waiting, index) => {
      const out = outs[index];
      if (out === undefined) waiting.reject(new Error(`no answer for write ${index} of the batch`));
      else waiting.resolve(out);
    });
  }
}

async function settle<Item, Out>(
  waiting: Waiting<Item, Out>,
  write: () => Promise<Out>,
): Promise<void> {
  try {
    waiting.resolve(await write());
  } catch (error) {
    waiting.reject(error);
  }
}
