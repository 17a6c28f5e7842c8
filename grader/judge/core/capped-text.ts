// A stream's text kept within a byte cap: the head and the tail survive, the middle is counted and dropped.

export type CappedText = {
  push(chunk: Uint8Array): void;
  /** The kept text, with a marker where bytes were dropped. */
  text(): string;
  /** How many bytes were dropped (0 while under the cap). */
  droppedBytes(): number;
};

// A collector that never holds more than limitBytes of a stream.
export function cappedText(limitBytes: number): CappedText {
  const headLimit = Math.floor(limitBytes / 2);
  const tailLimit = limitBytes - headLimit;
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let tail: Uint8Array[] = [];
  let tailBytes = 0;
  let dropped = 0;
  return {
    push(chunk) {
      if (headBytes < headLimit) {
        const take = chunk.subarray(0, headLimit - headBytes);
        head.push(take);
        headBytes += take.length;
        chunk = chunk.subarray(take.length);
      }
      if (chunk.length === 0) return;
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tailBytes > tailLimit && tail.length > 0) {
        const first = tail[0]!;
        const excess = tailBytes - tailLimit;
        if (first.length <= excess) {
          tail.shift();
          tailBytes -= first.length;
          dropped += first.length;
        } else {
          tail[0] = first.subarray(excess);
          tailBytes -= excess;
          dropped += excess;
        }
      }
    },
    text() {
      const decode = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');
      if (dropped === 0) return decode([...head, ...tail]);
      return `${decode(head)}\n… [${dropped} bytes dropped: output exceeded ${limitBytes} bytes] …\n${decode(tail)}`;
    },
    droppedBytes: () => dropped,
  };
}
