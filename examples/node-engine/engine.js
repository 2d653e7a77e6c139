#!/usr/bin/env node
// A minimal mtg-rulings conformance engine in Node.js, speaking the stdio protocol (protocol 1).
//
// It implements one card, Lightning Bolt, cast at a player, and life totals: enough to show every
// verb of the protocol (conformance/SPEC.md, "Engine lifecycle"; message schemas in
// conformance/schema/io/). Every other case is `unsupported` because this engine does not declare
// its features or cards, so the runner never sends it.
//
//   rulings engines smoke "cmd:node examples/node-engine/engine.js"
//   rulings run conformance/cases --engine "cmd:node examples/node-engine/engine.js"
//
// Wire rules: one JSON object per line on stdin, one per line on stdout (nothing else on stdout),
// every response echoes the request's `seq` and has `ok`; a refusal is
// {"ok": false, "error": {"kind": ..., "message": ...}}. Logs go to stderr.
"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const ENGINE = {
  name: "node-bolt",
  version: "0.1.0",
  protocol: PROTOCOL,
  // Names from conformance/features.yaml: declare only what you implement.
  features: ["priority", "stack", "mana_cost", "target", "life"],
  // English card names: a case using any other card is never sent.
  cards: ["Lightning Bolt"],
};
const CARDS = {
  "Lightning Bolt": { cost: { R: 1 }, manaValue: 1, types: ["Instant"], colors: ["R"], damage: 3 },
};
const ZONES = ["library", "hand", "battlefield", "graveyard", "exile"];

class Refusal extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

let game = null;

function parseMana(spec) {
  const pool = {};
  for (const sym of (spec || "").match(/\{[^}]*\}/g) || []) {
    const s = sym.slice(1, -1);
    if (/^\d+$/.test(s)) pool.C = (pool.C || 0) + Number(s);
    else if ("WUBRG".includes(s) && s.length === 1) pool[s] = (pool[s] || 0) + 1;
    else throw new Refusal("unsupported", `mana symbol ${sym}`);
  }
  return pool;
}

function setup(s) {
  const g = { players: {}, objects: {}, stack: [], events: [],
              step: s.step || "precombat_main", turn: s.turn || 1, active: s.active_player || "p1",
              passes: 0 };
  for (const p of ["p1", "p2"]) {
    const pd = (s.players || {})[p] || {};
    g.players[p] = { life: pd.life === undefined ? 20 : pd.life, pool: parseMana(pd.mana) };
    for (const zone of ZONES) {
      for (const o of pd[zone] || []) {
        if (!CARDS[o.card]) throw new Refusal("unsupported", `card ${o.card}`);
        g.objects[o.id] = { card: o.card, zone, owner: p };
      }
    }
  }
  return g;
}

function moveZone(id, to) {
  const o = game.objects[id];
  game.events.push({ type: "zone_change", object: id, card: o.card, from: o.zone, to });
  o.zone = to;
}

function cast(a) {
  const o = game.objects[a.object];
  if (!o) throw new Refusal("unknown_object", `no object ${a.object}`);
  if (o.zone !== "hand" || o.owner !== a.player) throw new Refusal("illegal_action", `${a.object} is not in ${a.player}'s hand`);
  const targets = a.targets || [];
  if (targets.length !== 1 || !["p1", "p2"].includes(targets[0])) {
    throw new Refusal("unsupported", "this engine only casts Lightning Bolt at a player");
  }
  const pool = game.players[a.player].pool;
  for (const [color, n] of Object.entries(CARDS[o.card].cost)) {
    if ((pool[color] || 0) < n) throw new Refusal("illegal_action", `cannot pay {${color}}`);
  }
  for (const [color, n] of Object.entries(CARDS[o.card].cost)) pool[color] -= n;
  moveZone(a.object, "stack");
  game.stack.push({ object: a.object, controller: a.player, targets });
  game.events.push({ type: "put_on_stack", object: a.object });
  game.events.push({ type: "cast", player: a.player, object: a.object, card: o.card, half: null, copy: false });
}

function resolveTop() {
  const top = game.stack.pop();
  if (!top) throw new Refusal("illegal_action", "the stack is empty");
  const card = CARDS[game.objects[top.object].card];
  for (const p of top.targets) {
    game.events.push({ type: "damage", source: top.object, target: p, amount: card.damage, step: game.step, combat: false });
    game.players[p].life -= card.damage;
    game.events.push({ type: "life_change", player: p, amount: -card.damage });
  }
  game.events.push({ type: "resolved", object: top.object });
  moveZone(top.object, "graveyard");
}

function act(action) {
  const verbs = Object.keys(action || {});
  if (verbs.length !== 1) throw new Refusal("illegal_action", "an action has exactly one key");
  const verb = verbs[0];
  const args = action[verb] || {};
  if (verb !== "pass_priority") game.passes = 0;
  switch (verb) {
    case "cast": return cast(args);
    case "resolve_top": return resolveTop();
    case "resolve_stack": while (game.stack.length) resolveTop(); return;
    case "pass_priority":
      game.passes += 1;
      if (game.passes >= 2) { game.passes = 0; if (game.stack.length) resolveTop(); }
      return;
    default: throw new Refusal("unsupported", `action ${verb}`);
  }
}

function observe() {
  const objects = {};
  for (const [id, o] of Object.entries(game.objects)) {
    const c = CARDS[o.card];
    objects[id] = { card: o.card, name: o.card, zone: o.zone, owner: o.owner,
                    controller: ["battlefield", "stack"].includes(o.zone) ? o.owner : null,
                    tapped: false, counters: {}, damage: 0, mana_value: c.manaValue, types: c.types,
                    subtypes: [], supertypes: [], colors: c.colors, power: null, toughness: null, keywords: [] };
  }
  return {
    events: game.events,
    state: {
      players: { p1: { life: game.players.p1.life }, p2: { life: game.players.p2.life } },
      objects,
      stack: game.stack.map((s) => ({ object: s.object, card: game.objects[s.object].card, controller: s.controller, copy: false })),
      step: game.step, turn: game.turn, active_player: game.active,
    },
  };
}

// Request checks, in the order and with the words of the project's wire module
// (wire/mtg_rulings_wire.py), so that every server answers a bad line alike.
const COMMANDS = ["start", "setup", "action", "observe", "stop"];
const MAX_REQUEST_BYTES = Number(process.env.MTG_WIRE_MAX_REQUEST_BYTES) || 64 * 1024 * 1024;
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const validSeq = (v) => Number.isInteger(v) && v >= 0;
const show = (v) => { const t = v === undefined ? "null" : JSON.stringify(v); return t.length <= 80 ? t : `${t.slice(0, 77)}...`; };

function decodeRequest(line) {
  if (Buffer.byteLength(line) > MAX_REQUEST_BYTES) throw new Refusal("bad_request", `request longer than ${MAX_REQUEST_BYTES} bytes`);
  let req;
  try { req = JSON.parse(line); } catch (err) { throw new Refusal("bad_request", "request is not JSON"); }
  if (!isObject(req)) throw new Refusal("bad_request", "a request is a JSON object");
  if (!validSeq(req.seq)) throw new Refusal("bad_request", "request without a valid seq");
  const refuse = (kind, message) => Object.assign(new Refusal(kind, message), { seq: req.seq });
  if (!COMMANDS.includes(req.cmd)) throw refuse("bad_request", `unknown command ${show(req.cmd)}`);
  if (req.cmd === "start" && req.protocol !== PROTOCOL) throw refuse("protocol", `this engine speaks protocol ${PROTOCOL}`);
  if (req.cmd === "start" && "cards" in req && !(Array.isArray(req.cards) && req.cards.every((c) => typeof c === "string")))
    throw refuse("bad_request", "start needs 'cards' to be a list of card names");
  if (req.cmd === "setup" && !isObject(req.setup)) throw refuse("bad_request", "setup needs a 'setup' object");
  if (req.cmd === "setup" && typeof req.case !== "string") throw refuse("bad_request", "setup needs a 'case' id");
  if (req.cmd === "action" && !isObject(req.action)) throw refuse("bad_request", "action needs an 'action' object");
  return req;
}

function handle(req) {
  switch (req.cmd) {
    case "start": return { engine: ENGINE };
    case "setup": game = null; game = setup(req.setup); return {};
    case "action":
      if (!game) throw new Refusal("illegal_action", "action before setup");
      act(req.action); return {};
    case "observe":
      if (!game) throw new Refusal("illegal_action", "observe before setup");
      return observe();
    default: return {};                          // stop
  }
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  if (!line.trim()) return;                      // blank lines are ignored
  let req = null;
  let resp;
  try {
    req = decodeRequest(line);
    resp = { seq: req.seq, ok: true, ...handle(req) };
  } catch (err) {
    const kind = err instanceof Refusal ? err.kind : "internal";
    if (!(err instanceof Refusal)) process.stderr.write(`${err.stack}\n`);
    const seq = req !== null ? req.seq : (validSeq(err.seq) ? err.seq : 0);
    resp = { seq, ok: false, error: { kind, message: err.message } };
  }
  process.stdout.write(JSON.stringify(resp) + "\n");
  if (req !== null && req.cmd === "stop" && resp.ok) rl.close();
});
rl.on("close", () => process.exit(0));        // end of input (or after stop): exit 0
