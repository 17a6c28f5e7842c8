// Text made safe inside HTML content and attribute values: every character that could start markup or end an attribute
// is written as a numeric character reference.

// The text with & < > " ' escaped.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
