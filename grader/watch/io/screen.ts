import { terminalColumns } from '../../text/io/terminal.ts';

/** Where watch mode draws: an interactive terminal it may clear, or a plain stream (CI log, pipe). */
export type Screen = {
  /** A terminal on both ends: the screen is redrawn and keys are read. */
  isInteractive: boolean;
  rows: () => number;
  /** Columns text is laid out to (COLUMNS, else the terminal's width, else 80). */
  columns?: () => number;
  /** Clears the terminal and its scrollback (nothing on a plain stream). */
  clear: () => void;
  write: (text: string) => void;
  /** Calls back when the terminal changes size; returns how to stop. */
  onResize: (callback: () => void) => () => void;
};

const CLEAR = '\u001b[2J\u001b[3J\u001b[H';

// The process's terminal as a watch screen.
export function terminalScreen(output: NodeJS.WriteStream = process.stdout, input: NodeJS.ReadStream = process.stdin): Screen {
  const isInteractive = Boolean(output.isTTY && input.isTTY);
  return {
    isInteractive,
    rows: () => output.rows || 24,
    columns: () => terminalColumns(process.env, output),
    clear: () => {
      if (isInteractive) output.write(CLEAR);
    },
    write: (text) => void output.write(text),
    onResize: (callback) => {
      output.on('resize', callback);
      return () => void output.off('resize', callback);
    },
  };
}
