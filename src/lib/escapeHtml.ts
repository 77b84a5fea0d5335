/**
 * Text made safe to put inside HTML, as content or as a quoted attribute value: `&`, `<`, `>`, `"` and `'` become
 * numeric character references. Shared by the search (hit text, which DocSearch renders as HTML, and the message shown
 * when there is no index) and the security-headers plugin (the redirect pages it writes). It imports nothing, so the
 * search's browser bundle takes it as it is.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
