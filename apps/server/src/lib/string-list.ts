/** A text column holding a JSON array of strings (OEM numbers): anything else reads as an empty list. */
export function parseStringList(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
