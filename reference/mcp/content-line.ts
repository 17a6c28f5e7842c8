// What the model reads of one content item of a tools/call answer: text as it is, everything else
// as a one-line placeholder (binary data is never passed on, only its type and size).

// A content item as the SDK hands it over: it has checked each item against its type (a text item has
// its text, an image or audio item its base64 data and MIME type, an embedded resource its resource).
type Item = { type: string; text?: string; data?: string; mimeType?: string; uri?: string; resource?: Resource };
type Resource = { uri: string; text?: string; blob?: string };

// The text of one content item.
export function contentLine(item: unknown): string {
  const block = item as Item;
  switch (block.type) {
    case 'text':
      return String(block.text);
    case 'image':
    case 'audio':
      return `[${block.type}: ${String(block.mimeType)}, ${decodedSize(String(block.data))} bytes]`;
    case 'resource_link':
      return `[resource link: ${String(block.uri)}]`;
    case 'resource':
      return resourceLine(block.resource as Resource);
    default:
      return `[${block.type} content]`;
  }
}

// An embedded resource: its URI, then its text when it carries text, or the size of its blob.
function resourceLine(resource: Resource): string {
  if (resource.text !== undefined) return `[resource: ${resource.uri}]\n${resource.text}`;
  return `[resource: ${resource.uri}, ${decodedSize(String(resource.blob))} bytes]`;
}

// How many bytes base64 data stands for.
function decodedSize(data: string): number {
  return Buffer.from(data, 'base64').length;
}
