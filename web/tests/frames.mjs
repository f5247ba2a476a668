// The server's frames against the protocol's JSON Schemas (schemas/, docs/PROTOCOL.md): for each
// game a match is played to its end over the WebSocket, one seat by random legal actions (a
// Stratego or Espionage setup placed piece by piece, so drafts come too) against random bots, and
// watched by a spectator; every frame both receive (hello, joined, event, draft, error, pong) is
// validated, its view against the game's view schema and each fact against the game's facts. Then
// the finished match's replay, for the seat and for a spectator, page by page with states.
// A frame that does not validate fails the run with its path and the schema's complaint.
//
// Usage: node --experimental-websocket web/tests/frames.mjs [--only GAME,...] [--dump DIR]
//   (from the repository root, after a build; QUARTEL_BINARY names another server binary)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';
import { loadSchemas } from '../scripts/schemas.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const binary = process.env.QUARTEL_BINARY ?? path.join(root, 'build/release/quartel');
const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : null;
};
const only = argument('--only')?.split(',') ?? null;
const dump = argument('--dump');
if (dump) fs.mkdirSync(dump, { recursive: true });

// Each game with its seats (seat 0 plays here) and options that keep a random game short.
const MATCHES = [
  { game: 'dablot', seats: 2, options: { max_turns: 300 } },
  { game: 'conspiradores', seats: 4, options: { max_turns: 400 } },
  { game: 'stratego', seats: 2, resignAfter: 200 },
  { game: 'espionage', seats: 2, resignAfter: 200 },
  { game: 'war', seats: 3, options: { max_turns: 30 } },
  { game: 'war2', seats: 3, options: { max_turns: 15 } },
  { game: 'war2', seats: 4, options: { max_turns: 30, spy_centre: true } },
];

const validator = loadSchemas();
let failures = 0;
let checked = 0;
const complaints = new Set();

function check(game, where, frame) {
  checked++;
  const problems = validator.frame(game, frame);
  if (problems.length === 0) return;
  failures++;
  // Each complaint once (with its path's numbers dropped), the first frame that made it shown.
  const signature = `${game} ${problems[0].replace(/\/\d+/g, '/N')}`;
  if (complaints.has(signature)) return;
  complaints.add(signature);
  if (complaints.size <= 40) console.log(`FAIL ${game}: ${where}: ${problems.slice(0, 3).join('; ')}\n     ${JSON.stringify(frame).slice(0, 300)}`);
}


// A WebSocket whose every frame is validated (and dumped), with a wait for the next one that
// satisfies a predicate.
function connect(address, game, who) {
  const ws = new WebSocket(`ws://${address}/ws`);
  const queue = [];
  let wake = null;
  ws.onmessage = (message) => {
    const frame = JSON.parse(message.data);
    check(game, `${who}: ${frame.type} frame`, frame);
    if (dump) fs.appendFileSync(path.join(dump, `${game}.jsonl`), message.data + '\n');
    queue.push(frame);
    wake?.();
  };
  const closed = new Promise((resolve) => (ws.onclose = resolve));
  const next = async (predicate, timeout = 30000) => {
    const deadline = Date.now() + timeout;
    for (;;) {
      const at = queue.findIndex(predicate);
      if (at >= 0) return queue.splice(0, at + 1)[at];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${game}: ${who}: no awaited frame in ${timeout} ms`);
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(left, 1000));
      });
    }
  };
  const opened = new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  return { ws, next, closed, opened, send: (m) => ws.send(JSON.stringify(m)) };
}

async function post(address, url, body) {
  const answer = await fetch(`http://${address}${url}`, { method: 'POST', body: JSON.stringify(body) });
  const json = await answer.json();
  if (!answer.ok) throw new Error(`POST ${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

// Seeded choices, so that a failure can be played again.
function random(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

async function playMatch(address, { game, seats, options = {}, resignAfter }, seed) {
  const created = await post(address, '/api/matches', {
    game,
    options,
    seats: Array.from({ length: seats }, (_, i) => (i === 0 ? { kind: 'person' } : { kind: 'bot', bot: 'random' })),
  });
  const player = connect(address, game, 'seat 0');
  const spectator = connect(address, game, 'spectator');
  await Promise.all([player.opened, spectator.opened]);
  spectator.send({ type: 'join', match: created.match, id: 's1' });
  player.send({ type: 'join', match: created.match, token: created.seats[0].token, id: 'p1' });
  // Errors and a pong are frames too.
  player.send({ type: 'ping' });
  player.send({ type: 'act', match: created.match, id: 'bad-1' });
  player.send({ type: 'act', match: created.match, event: 0, actions: [1 << 30], id: 'bad-2' });
  const joined = await player.next((f) => f.type === 'joined');
  let state = joined.state;
  let event = joined.event;
  const pick = random(seed);
  let acted = 0;
  while (!state.over) {
    if (state.your_turn && state.legal.length > 0) {
      if (resignAfter && acted >= resignAfter) player.send({ type: 'resign', match: created.match, event });
      else player.send({ type: 'act', match: created.match, event, actions: [state.legal[pick(state.legal.length)].id] });
      acted++;
    }
    const frame = await player.next((f) => (f.type === 'event' || f.type === 'draft' || f.type === 'joined' || f.type === 'error') && f.match === created.match);
    // A bot's event may cross an action in flight: it is refused as stale, and played again.
    if (frame.type === 'error' && !['illegal', 'bad_message', 'stale', 'not_your_turn'].includes(frame.code)) throw new Error(`${game}: ${JSON.stringify(frame)}`);
    if (frame.state) state = frame.state;
    if (typeof frame.event === 'number') event = frame.event;
  }
  await spectator.next((f) => f.type === 'event' && f.state.over);
  player.ws.close();
  spectator.ws.close();
  await Promise.all([player.closed, spectator.closed]);
  const record = await (await fetch(`http://${address}/api/matches/${created.match}/record`)).json();
  delete record.match;
  for (const viewer of [0, 'spectator']) {
    // The last 200 frames, with states (a record can be over a replay request's size limit: its
    // first entries are dropped then, and the replay shows a shorter game from the same start).
    let sent = record;
    while (JSON.stringify(sent).length > 60000) {
      sent = { ...sent, actions: sent.actions.slice(0, Math.floor(sent.actions.length * 0.7)) };
      delete sent.result;
      delete sent.ending;
    }
    const words = await post(address, '/api/replay', { record: sent, viewer, states: false });
    check(game, `replay words for ${viewer}`, { type: 'replay', replay: words });
    const from = Math.max(0, words.total - 200);
    const page = await post(address, '/api/replay', { record: sent, viewer, from, count: 200 });
    check(game, `replay page for ${viewer}`, { type: 'replay', replay: page });
    if (dump) fs.appendFileSync(path.join(dump, `${game}.replay.jsonl`), JSON.stringify(page) + '\n');
  }
  return { events: event, acted };
}

const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quartel-frames-')), 'q.db');
const started = await startServer(binary, ['--db', db, '--http-rate', '1000', '--rate', '1000']);
const server = started.server;
const address = started.address.replace(/^http:\/\//, '');
try {
  let seed = 1;
  for (const match of MATCHES) {
    if (only && !only.includes(match.game)) continue;
    const started = Date.now();
    const before = failures;
    try {
      const { events, acted } = await playMatch(address, match, seed++);
      console.log(`${failures === before ? 'ok  ' : 'FAIL'} ${match.game} (${match.seats} seats): ${events + 1} events, ${acted} actions played here (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failures++;
      console.log(`FAIL ${match.game}: ${e.stack ?? e}`);
    }
  }
} finally {
  server.kill();
}
console.log(`frames: ${checked} checked, ${failures} failed`);
process.exit(failures ? 1 : 0);
