/** A line-by-line diff (longest common subsequence), small enough for documents of a few thousand lines. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Largest number of line pairs compared; beyond it the diff is not computed. */
export const MAX_DIFF_CELLS = 4_000_000;

export function lineDiff(before: string, after: string): DiffLine[] | undefined {
  const a = before.replace(/\n$/, '').split('\n');
  const b = after.replace(/\n$/, '').split('\n');
  const n = a.length;
  const m = b.length;
  if ((n + 1) * (m + 1) > MAX_DIFF_CELLS) return undefined;
  // lcs[i * (m + 1) + j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * (m + 1) + j + 1] + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({kind: 'same', text: a[i]});
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1]) {
      out.push({kind: 'removed', text: a[i++]});
    } else {
      out.push({kind: 'added', text: b[j++]});
    }
  }
  while (i < n) out.push({kind: 'removed', text: a[i++]});
  while (j < m) out.push({kind: 'added', text: b[j++]});
  return out;
}
