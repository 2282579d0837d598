// The one place where the shengke client still reads the game's notation: an element choice
// is one click named by its notation (`=H`, `=H,S`), and its button says which elements it
// chooses. It goes once the server names that target by its elements (DESIGN.md §2a).

/**
 * The element codes an element choice's click names, or null for another click.
 * @param {string} click
 * @returns {string[] | null}
 */
export function chosenElements(click) {
  const read = /^=([A-Z](?:,[A-Z])*)$/.exec(click);
  return read ? read[1].split(',') : null;
}
