/** Text made safe to put between HTML tags or in a quoted attribute, for the HTML the server writes by hand. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
