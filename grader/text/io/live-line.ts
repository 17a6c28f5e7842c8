/** A status line kept at the bottom of a terminal while other text scrolls above it (out of band of the reporters). */
export type LiveLine = {
  /** Write text above the live line (the line is erased first and drawn again after a complete line). */
  print: (text: string) => void;
  /** Replace the live line's text; '' removes it. */
  show: (text: string) => void;
};

const ERASE_LINE = '\r\u001b[2K';

// A live line on a terminal stream; only ever used where the stream is a TTY.
export function createLiveLine(stream: { write: (text: string) => unknown }): LiveLine {
  let current = '';
  // Text that did not end a line yet: the live line waits below it until the line is complete.
  let isMidLine = false;
  const draw = () => {
    if (current !== '' && !isMidLine) stream.write(current);
  };
  return {
    print(text) {
      if (text === '') return;
      stream.write(current !== '' && !isMidLine ? `${ERASE_LINE}${text}` : text);
      isMidLine = !text.endsWith('\n');
      draw();
    },
    show(text) {
      if (text === current) return;
      const wasDrawn = current !== '' && !isMidLine;
      current = text;
      if (wasDrawn) stream.write(ERASE_LINE);
      draw();
    },
  };
}
