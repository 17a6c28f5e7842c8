// Mutant: an image or audio item's size is the length of its base64 text, not of the bytes it decodes to.
// Replaces: reference/mcp/content-line.ts
// Caught by: content-media
// What the model reads of one content item of a tools/call answer: text as it is, everything else
// as a one-line placeholder (binary data is never passed on, only its type and size).

type Item = Record<string, unknown>;

// The text of one content item.
export function contentLine(item: unknown): string {
  if (!isItem(item)) return '[unreadable content]';
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? item.text : '';
    case 'image':
    case 'audio':
      return `[${item.type}: ${String(item.mimeType)}, ${typeof item.data === 'string' ? item.data.length : 0} bytes]`;
    case 'resource_link':
      return `[resource link: ${String(item.uri)}]`;
    case 'resource':
      return resourceLine(isItem(item.resource) ? item.resource : {});
    default:
      return `[${String(item.type)} content]`;
  }
}

// An embedded resource: its URI, then its text when it carries text, or the size of its blob.
function resourceLine(resource: Item): string {
  if (typeof resource.text === 'string') return `[resource: ${String(resource.uri)}]\n${resource.text}`;
  return `[resource: ${String(resource.uri)}, ${decodedSize(resource.blob)} bytes]`;
}

// How many bytes base64 data stands for.
function decodedSize(data: unknown): number {
  return typeof data === 'string' ? Buffer.from(data, 'base64').length : 0;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
