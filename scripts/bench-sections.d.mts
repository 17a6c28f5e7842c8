// Types of bench-sections.mjs, for the tests that hold it.
export function replaceSection(text: string, heading: string, section: string): string;
export function sectionsOf(text: string): string[];
export function withSection(path: string, heading: string, section: string): Promise<void>;
