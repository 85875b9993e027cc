// What each browser chunk is made of, by package (gzip, as rollup-plugin-visualizer measures each module's share):
//   BUNDLE_MAP=json npm run build && npx tsx bench/bundle-map.ts [chunk-name-filter]
// (BUNDLE_MAP=1 writes the clickable treemap .bench/bundle-map.html instead.)
import { readFileSync } from 'node:fs';

type Meta = { id: string; moduleParts: Record<string, string> };
type Part = { renderedLength: number; gzipLength: number };
const data = JSON.parse(readFileSync('.bench/bundle-map.json', 'utf8')) as {
  nodeParts: Record<string, Part>;
  nodeMetas: Record<string, Meta>;
};
const filter = process.argv[2] ?? '';

/** node_modules/@scope/name/… → @scope/name; site/src/islands/X.tsx → site/src/islands; contracts/… → contracts. */
function owner(id: string): string {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = id.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return id.replace(/^\//, '').split('/').slice(0, 3).join('/');
}

const chunks = new Map<string, Map<string, Part>>();
for (const meta of Object.values(data.nodeMetas)) {
  for (const [chunk, uid] of Object.entries(meta.moduleParts)) {
    if (!chunk.includes(filter)) continue;
    const part = data.nodeParts[uid];
    const byOwner = chunks.get(chunk) ?? new Map<string, Part>();
    const sum = byOwner.get(owner(meta.id)) ?? { renderedLength: 0, gzipLength: 0 };
    sum.renderedLength += part.renderedLength;
    sum.gzipLength += part.gzipLength;
    byOwner.set(owner(meta.id), sum);
    chunks.set(chunk, byOwner);
  }
}
const total = (m: Map<string, Part>) => [...m.values()].reduce((n, p) => n + p.gzipLength, 0);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
for (const [chunk, byOwner] of [...chunks].sort((a, b) => total(b[1]) - total(a[1]))) {
  console.log(`${chunk}  ${kb(total(byOwner))} KB gzip (sum of module shares)`);
  for (const [name, p] of [...byOwner].sort((a, b) => b[1].gzipLength - a[1].gzipLength).slice(0, 8))
    if (p.gzipLength >= 300) console.log(`   ${kb(p.gzipLength)}  ${name}`);
}
