/**
 * Self time of a V8 CPU profile (node --cpu-prof, or BENCH_CPU_PROFILE of the benches) summed per
 * function and per file, largest first (docs/performance.md#reserve).
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [rows, default 40] [from-to seconds into the profile, e.g. 9-13]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const args: (string | undefined)[] = process.argv.slice(2); // the optional ones may be missing
const [file, rowsArg, window] = args;
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 40);
const [from, to] = window ? window.split('-').map((s) => Number(s) * 1e6) : [0, Infinity];
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= from && at < to) self.set(id, (self.get(id) ?? 0) + delta);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, 'nm/').replace(/^.*\/packages\//, '');
const sum = (key: (n: Node) => string) => {
  const out = new Map<string, number>();
  for (const [id, us] of self) {
    const k = key(byId.get(id)!);
    out.set(k, (out.get(k) ?? 0) + us);
  }
  return [...out].sort((a, b) => b[1] - a[1]).slice(0, rows);
};
const print = (title: string, list: [string, number][]) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of list) console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
};
print('self time per function', sum((n) => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`));
print('self time per file', sum((n) => shortUrl(n.callFrame.url) || `(${n.callFrame.functionName})`));
