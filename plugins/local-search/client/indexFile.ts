/** Fetches the index file's bytes; rejects on an HTTP error. Kept apart from the engine, which loads later. */
export async function fetchIndexFile(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.arrayBuffer();
}
