"""phase.rs events and state -> the suite's facts (conformance/SPEC.md, "Engine facts"). Standard library only.

phase reports ``ActionResult.events`` (``SpellCast``, ``ZoneChanged``, ``DamageDealt``, ``StackResolved``, ...)
and a full state (``Game.state()``). :class:`Facts` turns them into our event vocabulary, translating phase's
numeric object ids to the case's ids. What phase does not report as an event is derived from state it
exposes, and only from that (docs/engines.md, "phase"):

* ``triggered`` / ``put_on_stack`` of a triggered ability: a ``TriggeredAbility`` entry that appears on
  ``Game.stack()`` between two observations (phase emits no event when a trigger goes on the stack);
* ``crime_committed.source``: phase's ``CrimeCommitted`` names only the player; the source is the spell or
  ability whose cast or activation produced it in the same action (the ``SpellCast`` / ``AbilityActivated``
  of that result, else the ``BecomesTarget`` source), and the crime is logged after that cast (our order);
* ``counter_removed`` for a scripted ``remove_counters`` (phase's Debug ``ModifyCounters`` emits none):
  the difference of the object's counters before and after.
"""

from __future__ import annotations

import re
from typing import Any

STEP_OF_PHASE = {
    "Untap": "untap", "Upkeep": "upkeep", "Draw": "draw", "PreCombatMain": "precombat_main",
    "BeginCombat": "beginning_of_combat", "DeclareAttackers": "declare_attackers",
    "DeclareBlockers": "declare_blockers", "CombatDamage": "combat_damage", "EndCombat": "end_of_combat",
    "PostCombatMain": "postcombat_main", "End": "end", "Cleanup": "cleanup",
}
PHASE_OF_STEP = {v: k for k, v in STEP_OF_PHASE.items()}
ZONE = {"Library": "library", "Hand": "hand", "Battlefield": "battlefield", "Graveyard": "graveyard",
        "Stack": "stack", "Exile": "exile", "Command": "command"}
COLOR = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
COUNTER_OUT = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
COUNTER_IN = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
ROMAN = ["I", "II", "III", "IV", "V", "VI"]


def zone_name(zone: Any) -> str:
    """Our name of a phase zone (``"Graveyard"`` -> ``"graveyard"``)."""
    return ZONE.get(str(zone), str(zone).lower())


def player_name(seat: Any) -> str:
    return f"p{int(seat) + 1}"


def chapter_numbers(desc: str | None) -> list[int]:
    """The chapter numbers a Saga chapter ability's description starts with (``"I, II — ..."`` -> [1, 2])."""
    if not desc:
        return []
    head = desc.split("\u2014", 1)[0].replace(",", " ").split()
    return [ROMAN.index(w) + 1 for w in head if w in ROMAN] if head and all(w in ROMAN for w in head) else []


class Facts:
    """The event log of one game and the id translation (phase object id <-> case id)."""

    def __init__(self, texts: dict[str, str] | None = None) -> None:
        self.texts: dict[str, str] = dict(texts or {})   # card or face name -> its oracle text
        self.events: list[dict[str, Any]] = []
        self.case_of: dict[int, str] = {}
        self.card_of: dict[int, str] = {}               # case objects: the case's card name
        self.stack_seen: dict[int, dict[str, Any]] = {}  # stack entry id -> what we logged for it
        self.first_strikers: set[Any] = set()           # sources that dealt first-strike damage this step
        self.damage_substep: str | None = None          # None | first_strike | regular (in CombatDamage)

    # -- ids --
    def cid(self, oid: Any) -> str:
        if oid is None:
            return "none"
        oid = int(oid)
        return self.case_of.get(oid) or f"obj{oid}"

    def ref(self, target: Any) -> Any:
        if isinstance(target, dict):
            if "Player" in target:
                return player_name(target["Player"])
            if "Object" in target:
                return self.cid(target["Object"])
        return target

    def card(self, oid: int, name: str | None, token: bool = False) -> str:
        """The case's card name of a case object; a token's is its name + " Token" (our convention)."""
        return self.card_of.get(int(oid)) or (f"{name} Token" if token and name else (name or "?"))

    # -- events --
    def translate(self, result_events: list[dict[str, Any]], state: dict[str, Any], step: str,
                  turn: int) -> None:
        """Append our events for one phase ``ActionResult.events`` list (``state``: objects by id)."""
        objects = state.get("objects", {})
        crimes: list[dict[str, Any]] = []
        cast_source: str | None = None
        target_source: str | None = None
        start = len(self.events)
        # ``turn`` is the turn after the action: events before a TurnStarted of this result belong to the
        # turn before it (the cleanup step of the turn that ended)
        turn -= sum(1 for ev in result_events if ev.get("type") == "TurnStarted")
        for ev in result_events:
            t, d = ev.get("type"), ev.get("data") or {}
            if t == "TurnStarted":
                turn = int(d.get("turn_number", turn + 1))
            if t == "SpellCast":
                oid = int(d["object_id"])
                obj = objects.get(str(oid), {})
                entry = self._stack_entry(state, oid)
                copy = bool(entry and entry.get("is_copy"))
                half = obj.get("name") if " // " in self.card(oid, obj.get("name")) else None
                self.events.append({"type": "cast", "player": player_name(d.get("controller", 0)),
                                    "object": self.cid(oid), "card": self.card(oid, obj.get("name")),
                                    "half": half, "copy": copy})
                cast_source = self.cid(oid)
                for c in crimes:                           # our order: the cast, then the crime it commits
                    c["source"] = cast_source
                    self.events.append(c)
                crimes = []
            elif t == "AbilityActivated":
                cast_source = self.cid(d.get("source_id"))
            elif t == "BecomesTarget":
                target_source = self.cid(d.get("source_id"))
            elif t == "CrimeCommitted":
                crime = {"type": "crime_committed", "player": player_name(d.get("player_id", 0)),
                         "source": cast_source or target_source}
                if cast_source is None:
                    crimes.append(crime)                   # logged after the cast of this result
                else:
                    self.events.append(crime)
            elif t == "ZoneChanged":
                if d.get("from") is None:
                    continue                               # a token coming into being: token_created
                oid = int(d["object_id"])
                rec = d.get("record") or {}
                self.events.append({"type": "zone_change", "object": self.cid(oid),
                                    "card": self.card(oid, rec.get("name")),
                                    "from": zone_name(d.get("from")), "to": zone_name(d.get("to"))})
            elif t == "TokenCreated":
                oid = int(d["object_id"])
                obj = objects.get(str(oid), {})
                self.events.append({"type": "token_created", "object": self.cid(oid),
                                    "card": f"{d.get('name')} Token",
                                    "controller": player_name(obj.get("controller", 0))})
            elif t in ("CounterAdded", "CounterRemoved"):
                ct = str(d.get("counter_type"))
                self.events.append({"type": "counter_added" if t == "CounterAdded" else "counter_removed",
                                    "object": self.cid(d.get("object_id")),
                                    "counter": COUNTER_OUT.get(ct, ct), "n": int(d.get("count", 1))})
            elif t == "DamageDealt":
                src = d.get("source_id")
                dstep = step
                if d.get("is_combat") and step == "combat_damage":
                    # phase deals first-strike and regular combat damage inside one CombatDamage step
                    # (game/combat_damage.rs resolve_combat_damage, two sub-steps): the first-strike
                    # sub-step is the run of damage by first/double strikers that opens the step; it ends
                    # at a non-first-striker's damage, a source dealing again, or its end-of-batch marker
                    kws = keyword_names((objects.get(str(src)) or {}).get("keywords"))
                    striker = bool(kws & {"FirstStrike", "DoubleStrike"})
                    if self.damage_substep is None:
                        self.damage_substep = "first_strike" if striker else "regular"
                    elif self.damage_substep == "first_strike" and (not striker or src in self.first_strikers):
                        self.damage_substep = "regular"
                    if self.damage_substep == "first_strike":
                        self.first_strikers.add(src)
                        dstep = "first_strike_damage"
                self.events.append({"type": "damage", "source": self.cid(src),
                                    "target": self.ref(d.get("target")), "amount": int(d.get("amount", 0)),
                                    "step": dstep, "combat": bool(d.get("is_combat"))})
            elif t == "LifeChanged":
                self.events.append({"type": "life_change", "player": player_name(d.get("player_id", 0)),
                                    "amount": int(d.get("amount", 0))})
            elif t == "StackResolved":
                sid = int(d["object_id"])
                at = len(self.events)
                for i in range(len(self.events) - 1, start - 1, -1):   # resolution ends with its move
                    e = self.events[i]
                    if e["type"] == "zone_change" and e["from"] == "stack" and e["object"] == self.cid(sid):
                        at = i
                        break
                self.events.insert(at, self._resolved(sid))
            elif t == "SpellCountered":
                oid = int(d["object_id"])
                self.events.append({"type": "countered", "object": self.cid(oid),
                                    "card": self.card(oid, objects.get(str(oid), {}).get("name")),
                                    "by": self.cid(d["countered_by"]) if d.get("countered_by") is not None
                                    else None})
            elif t == "PermanentSacrificed" or t == "Sacrificed":
                self.events.append({"type": "sacrificed", "object": self.cid(d.get("object_id"))})
            elif t in ("CombatDamageDealtToPlayer", "CreatureDestroyed") and self.damage_substep == "first_strike":
                self.damage_substep = "regular"                # the first-strike sub-step's batch is over
            elif t == "PhaseChanged":
                self.first_strikers = set()
                self.damage_substep = None
                ph = str(d.get("phase"))
                self.events.append({"type": "step", "name": STEP_OF_PHASE.get(ph, ph), "turn": turn})
        for c in crimes:                                   # a crime with no cast in this result
            self.events.append(c)


    def _stack_entry(self, state: dict[str, Any], oid: int) -> dict[str, Any] | None:
        for e in state.get("stack") or []:
            if int(e.get("id", -1)) == oid:
                return e
        return None

    def _resolved(self, sid: int) -> dict[str, Any]:
        seen = self.stack_seen.get(sid)
        if seen is not None and seen.get("ability") is not None:
            return {"type": "resolved", "object": seen["object"], "source": seen["source"],
                    "ability": seen["ability"]}
        if seen is not None:
            return {"type": "resolved", "object": seen["object"], "card": seen.get("card"),
                    "copy": bool(seen.get("copy"))}
        return {"type": "resolved", "object": self.cid(sid), "card": self.card_of.get(sid), "copy": False}

    def stack_diff(self, stack: list[dict[str, Any]], state: dict[str, Any]) -> None:
        """Log what newly appeared on the stack (triggers, activated abilities, copies): phase emits no
        event when a triggered ability is put on the stack, so its appearance is the observation."""
        objects = state.get("objects", {})
        for e in stack:
            sid = int(e["id"])
            if sid in self.stack_seen:
                continue
            kind = (e.get("kind") or {}).get("type")
            data = (e.get("kind") or {}).get("data") or {}
            src = e.get("source_id")
            entry: dict[str, Any]
            if kind == "TriggeredAbility":
                source = objects.get(str(src), {})
                card = self.card_of.get(int(src)) if src is not None else None
                card = card or str(data.get("source_name") or source.get("name") or "")
                text = self.texts.get(card) or self.texts.get(str(data.get("source_name") or "")) or ""
                name = ability_name(data, source, oracle=text, card=card)
                entry = {"object": f"trig{sid}", "source": self.cid(src), "ability": name}
                self.events.append({"type": "triggered", "source": self.cid(src), "ability": name,
                                    "controller": player_name(e.get("controller", 0))})
                self.events.append({"type": "put_on_stack", **entry})
            elif kind == "ActivatedAbility":
                entry = {"object": f"abil{sid}", "source": self.cid(src),
                         "ability": f"activated_{data.get('ability_index', 0)}"}
                self.events.append({"type": "put_on_stack", **entry})
            else:                                          # a spell: cast (logged from SpellCast) or a copy
                obj = objects.get(str(sid), {})
                # every card of a case is a case object, so a spell that is none of them is a copy; phase
                # gives a copy the card id of the spell it copies (StackEntry.kind.data.card_id)
                copy = sid not in self.case_of
                entry = {"object": self.cid(sid), "card": self.card(sid, obj.get("name")), "copy": copy}
                if copy:
                    of = data.get("card_id")
                    self.events.append({"type": "copy_created", "object": self.cid(sid), "of": self.cid(of),
                                        "controller": player_name(e.get("controller", 0))})
                    self.events.append({"type": "put_on_stack", "object": self.cid(sid), "source": self.cid(of),
                                        "card": entry["card"]})
            self.stack_seen[sid] = entry


def keyword_names(keywords: Any) -> set[str]:
    """The names of phase's keywords: a plain keyword is a string (``"FirstStrike"``), one with a parameter
    a one-key mapping (``{"Protection": {"type": "FromColor", ...}}``)."""
    out: set[str] = set()
    for k in keywords or []:
        if isinstance(k, dict):
            out.update(str(n) for n in k)
        else:
            out.add(str(k))
    return out


ABILITY_WORD_LINE = re.compile(r"([A-Z][A-Za-z'-]*(?: [A-Za-z'-]+){0,3}) \u2014 (.+)")
"""An oracle line led by an ability word (rule 207.2c): ``Heroic — Whenever you cast ...``. Keyword costs
(``Flashback—{2}{R}``) have no spaces around the dash; a Saga's ``I — ...`` is a chapter (checked first)."""


def _comparable(text: str, card: str) -> str:
    """An ability's text as phase describes it: the card's own name is ``~``; no reminder text; spacing
    and case ignored."""
    text = re.sub(r"\([^)]*\)", "", text)
    for name in sorted({card, card.split(",")[0]} - {""}, key=len, reverse=True):
        text = text.replace(name, "~")
    return " ".join(text.split()).lower()


def ability_word(desc: str, oracle: str, card: str) -> str | None:
    """The ability word that leads the line of the card's ``oracle`` text whose ability phase described
    as ``desc`` (phase's parser drops ability words: parser/oracle.rs ``strip_ability_word``), lower-cased,
    spaces as ``_``; None when no such line (the ability has no ability word)."""
    want = _comparable(desc, card)
    if not want:
        return None
    for line in oracle.splitlines():
        m = ABILITY_WORD_LINE.fullmatch(line.strip())
        if m and m[1] not in ROMAN and _comparable(m[2], card) == want:
            return m[1].lower().replace(" ", "_").replace("-", "_")
    return None


def ability_name(data: dict[str, Any], source: dict[str, Any], oracle: str = "", card: str = "") -> str:
    """Our short name of a triggered ability (conformance/SPEC.md, "Engine facts": ``chapter_II``, an
    ability word such as ``heroic``, ``prowess``, ``crime``, ``cast_trigger``, ``delayed_copy``, ``enters``,
    ``dies``, ``persist``, ``undying``), from the trigger's mode / description as phase put it on the stack; ``oracle`` is the
    source card's oracle text and ``card`` its name (phase drops the ability word an ability is named by,
    so it is read back from the line whose text phase's description is)."""
    ab = data.get("ability") or {}
    desc = str(data.get("description") or ab.get("description") or "")
    mode = str((data.get("trigger_event") or {}).get("type") or "")
    m = re.fullmatch(r"Chapter (\d+)", desc.strip())
    if m and 0 < int(m.group(1)) <= len(ROMAN):
        return f"chapter_{ROMAN[int(m.group(1)) - 1]}"
    chapters = chapter_numbers(desc)
    if chapters:
        return f"chapter_{ROMAN[chapters[-1] - 1]}"
    word = ability_word(desc, oracle, card) if oracle else None
    if word:
        return word
    low = desc.lower()
    if mode == "CrimeCommitted":
        return "crime"
    if mode == "CommitCrime" or "commit a crime" in low:
        return "crime"
    if "next cast" in low and "copy" in low:
        return "delayed_copy"
    if mode == "SpellCast" and "next" in low:
        return "delayed_copy" if "copy" in low else "delayed"
    if low.strip() == "prowess":  # phase's synthesized prowess trigger (game/triggers.rs, 702.108a)
        return "prowess"
    if mode == "SpellCast" or "whenever you cast" in low or "when you cast" in low:
        return "cast_trigger"
    if re.search(r"^Suspend \d+", oracle, re.M) and mode in ("CounterRemoved", "PhaseChanged"):
        # phase's synthesized suspend triggers (database/synthesis.rs synthesize_suspend): the last
        # time counter removed -> suspend_cast; the upkeep's counter removal -> suspend_upkeep
        if mode == "CounterRemoved" or "last time counter" in low:
            return "suspend_cast"
        return "suspend_upkeep"
    if mode == "BlockersDeclared" and "isn't blocked" in low:
        # "Whenever CARDNAME attacks and isn't blocked": phase checks it as blockers are declared
        return "attacks_unblocked"
    if re.search(r"^Rebound\b", oracle, re.M) and mode == "PhaseChanged":
        # phase's rebound delayed trigger at its controller's upkeep (702.88a): keyword name
        return "rebound"
    keyword = re.match(r"CR 702\.(79|93)a: ", desc)  # phase's synthesized persist / undying triggers
    if keyword:
        return "persist" if keyword[1] == "79" else "undying"
    if mode == "ZoneChanged":
        # the event that triggered it (StackEntry.kind.data.trigger_event): a move of the source itself
        # from the battlefield to a graveyard is its "dies" (rule 700.4), onto the battlefield "enters"
        # (another object's move is not: "whenever another creature enters" is no "enters")
        ev = (data.get("trigger_event") or {}).get("data") or {}
        to = ev.get("to")
        itself = ev.get("object_id") is not None and ev.get("object_id") == data.get("source_id")
        if itself and to == "Graveyard" and ev.get("from") == "Battlefield":
            return "dies"
        if itself and to == "Battlefield":
            return "enters"
    return mode or "triggered"
