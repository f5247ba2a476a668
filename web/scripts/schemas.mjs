// The protocol's JSON Schemas (schemas/ at the repository's root) loaded for checking: a frame of
// one match is checked against the protocol's schema with its game's view and facts in the places
// of any game's (the View and Fact definitions).
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';

const schemaDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../schemas');

// Each game's view and fact definitions.
export const GAME_SCHEMAS = {
  war: { view: 'WarView', fact: 'WarFact' },
  war2: { view: 'WarView', fact: 'WarFact' },
  stratego: { view: 'StrategoView', fact: 'StrategoFact' },
  espionage: { view: 'EspionageView', fact: 'EspionageFact' },
  dablot: { view: 'DablotView', fact: 'DablotFact' },
  conspiradores: { view: 'ConspiradoresView', fact: 'ConspiradoresFact' },
};

export function readSchema(name) {
  return JSON.parse(fs.readFileSync(path.join(schemaDir, name), 'utf8'));
}

export function loadSchemas() {
  const ajv = new Ajv({ allErrors: false });
  const facts = readSchema('facts.schema.json');
  const views = readSchema('views.schema.json');
  const protocol = readSchema('protocol.schema.json');
  ajv.addSchema(facts, 'facts.schema.json');
  ajv.addSchema(views, 'views.schema.json');
  const perGame = {};
  for (const [game, { view, fact }] of Object.entries(GAME_SCHEMAS)) {
    const id = `protocol-${game}.schema.json`;
    const schema = structuredClone(protocol);
    schema.$id = id;
    schema.definitions.View = { $ref: `views.schema.json#/definitions/${view}` };
    schema.definitions.Fact = { $ref: `facts.schema.json#/definitions/${fact}` };
    ajv.addSchema(schema, id);
    perGame[game] = { id, any: ajv.getSchema(`${id}#/definitions/ServerFrame`) };
  }
  // A frame of a known type is checked against its type's definition alone (clearer complaints
  // than the union's); any other against the union, which refuses it.
  const definition = { hello: 'HelloFrame', joined: 'JoinedFrame', event: 'EventFrame', draft: 'DraftFrame', error: 'ErrorFrame', left: 'LeftFrame', pong: 'PongFrame', replay: 'ReplayAnswer' };
  for (const schemas of Object.values(perGame)) {
    for (const [type, name] of Object.entries(definition)) schemas[type] = ajv.getSchema(`${schemas.id}#/definitions/${name}`);
  }
  const problems = (validate) => (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  return {
    // The problems of a server frame of a match of `game` (a replay answer as {type: 'replay',
    // replay}); none when it is valid.
    frame(game, frame) {
      const schemas = perGame[game];
      if (!schemas) return [`no schema for the game '${game}'`];
      const validate = (Object.hasOwn(schemas, frame.type) && frame.type !== 'id' && frame.type !== 'any' ? schemas[frame.type] : null) ?? schemas.any;
      return validate(frame.type === 'replay' ? frame.replay : frame) ? [] : problems(validate);
    },
  };
}
