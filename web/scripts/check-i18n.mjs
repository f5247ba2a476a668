// Every t('literal key') in the client is in the catalogue (src/i18n/*.ts) with both languages,
// and no key is defined twice. Keys built at run time (t(`game.${id}.name`)) are checked in the
// browser instead: t() logs a console error for a missing key, which fails the browser tests.
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
})(src);

const defined = new Map();
const problems = [];
for (const file of files.filter((f) => f.includes(`${path.sep}i18n${path.sep}`))) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^\s*'([^']+)':\s*\[\s*(['"`])((?:\\.|(?!\2).)*)\2\s*,\s*(['"`])((?:\\.|(?!\4).)*)\4\s*,?\s*\]/gms)) {
    if (defined.has(m[1])) problems.push(`${m[1]}: defined twice`);
    if (!m[3].trim() || !m[5].trim()) problems.push(`${m[1]}: a language is empty`);
    defined.set(m[1], file);
  }
}
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
    if (!defined.has(m[1])) problems.push(`${path.relative(src, file)}: t('${m[1]}') is not in the catalogue`);
  }
}

// Every kind of every game's facts (the protocol's JSON Schema) has its template in both languages:
// a catalogue key `fact.<prefix>.<kind>`, alone or followed by '.' or '_' and a variant, under the
// game's own prefix, the prefix it shares, or the match's.
const PREFIXES = {
  WarFact: ['war'],
  StrategoFact: ['stratego', 'army'],
  EspionageFact: ['espionage', 'army'],
  DablotFact: ['dablot'],
  ConspiradoresFact: ['conspiradores'],
};
const factSchema = JSON.parse(fs.readFileSync(path.resolve(src, '../../schemas/facts.schema.json'), 'utf8'));
function kindsOf(definition, seen = new Set()) {
  if (!definition || typeof definition !== 'object') return [];
  if (definition.$ref) {
    const name = definition.$ref.replace('#/definitions/', '');
    if (seen.has(name)) return [];
    seen.add(name);
    return kindsOf(factSchema.definitions[name], seen).map((k) => ({ ...k, shared: k.shared ?? name }));
  }
  const own = definition.properties?.kind;
  const kinds = own ? (own.enum ?? [own.const]).map((kind) => ({ kind })) : [];
  return [...kinds, ...(definition.oneOf ?? []).flatMap((d) => kindsOf(d, seen)), ...(definition.anyOf ?? []).flatMap((d) => kindsOf(d, seen))];
}
let kindsChecked = 0;
for (const [fact, prefixes] of Object.entries(PREFIXES)) {
  for (const { kind, shared } of kindsOf(factSchema.definitions[fact])) {
    kindsChecked++;
    const candidates = shared === 'MatchFact' ? ['match'] : prefixes;
    const found = [...defined.keys()].some((key) => candidates.some((p) => key === `fact.${p}.${kind}` || key.startsWith(`fact.${p}.${kind}.`) || key.startsWith(`fact.${p}.${kind}_`)));
    if (!found) problems.push(`${fact}: the kind '${kind}' has no template (fact.${candidates.join('|')}.${kind}) in the catalogue`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`i18n: ${defined.size} strings, English and Portuguese; ${kindsChecked} kinds of facts worded`);
