// The TypeScript types of the protocol (web/src/generated/protocol.ts), generated from its JSON
// Schemas (schemas/), so that the client's types and the server's frames agree. `--check` (the
// build) fails when the generated file is not what the schemas give: run this script without it
// after changing a schema.
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { readSchema } from './schemas.mjs';

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src/generated/protocol.ts');

// One schema of every definition, the references between files made local.
function combined() {
  const definitions = {};
  for (const file of ['facts.schema.json', 'views.schema.json', 'protocol.schema.json']) {
    for (const [name, definition] of Object.entries(readSchema(file).definitions)) {
      if (name in definitions && JSON.stringify(definitions[name]) !== JSON.stringify(definition))
        throw new Error(`${file}: '${name}' differs from the definition of the same name in another schema`);
      definitions[name] = definition;
    }
  }
  const local = JSON.parse(JSON.stringify(definitions).replace(/"(facts|views|protocol)\.schema\.json#/g, '"#'));
  return { title: 'Quartel protocol', type: 'object', additionalProperties: false, properties: {}, definitions: local };
}

const banner = `// Generated from schemas/*.schema.json by web/scripts/schema-types.mjs: do not edit; change a
// schema and run \`node scripts/schema-types.mjs\` in web/.
`;
const text = await compile(combined(), 'QuartelProtocol', {
  bannerComment: banner,
  declareExternallyReferenced: true,
  unreachableDefinitions: true,
  additionalProperties: false,
  strictIndexSignatures: true,
  ignoreMinAndMaxItems: true,
  format: true,
  style: { singleQuote: true, printWidth: 120 },
});

if (process.argv.includes('--check')) {
  const now = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  if (now !== text) {
    console.error(`${path.relative(process.cwd(), out)} is not what the schemas give: run 'node scripts/schema-types.mjs' in web/`);
    process.exit(1);
  }
} else {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
