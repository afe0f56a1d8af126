/** Who brings what: one item, its notes, who brings it and whether it is done. */
export const ITEM_LIMITS = { title: 80, notes: 300, items: 300 } as const;
export const NOTE_LIMIT = 500;

/** The practical notes for the house, in the order the page shows them. */
export const NOTE_FIELDS = [
  { name: "address", label: "Address" },
  { name: "checkIn", label: "Check-in" },
  { name: "keyBox", label: "Key box" },
  { name: "wifi", label: "Wi-Fi" },
] as const;
export type NoteName = (typeof NOTE_FIELDS)[number]["name"];
export type Notes = Record<NoteName, string>;

export function parseItem(values: { title: string; notes: string }) {
  const title = values.title.trim();
  const notes = values.notes.trim();
  const fieldErrors: Record<string, string> = {};
  if (!title) fieldErrors.title = "Say what to bring.";
  else if (title.length > ITEM_LIMITS.title) fieldErrors.title = `At most ${ITEM_LIMITS.title} characters.`;
  if (notes.length > ITEM_LIMITS.notes) fieldErrors.notes = `At most ${ITEM_LIMITS.notes} characters.`;
  return Object.keys(fieldErrors).length ? { fieldErrors } : { item: { title, notes } };
}

export function parseNotes(values: Notes) {
  const fieldErrors: Record<string, string> = {};
  const notes = {} as Notes;
  for (const field of NOTE_FIELDS) {
    notes[field.name] = values[field.name].trim();
    if (notes[field.name].length > NOTE_LIMIT) fieldErrors[field.name] = `At most ${NOTE_LIMIT} characters.`;
  }
  return Object.keys(fieldErrors).length ? { fieldErrors } : { notes };
}
