#!/usr/bin/env python3
"""Did each battery task's answer ever appear in the life it asks about?

    scripts/battery_life.py PROJECTED BATTERY...

PROJECTED is a creature's export as JSON lines (`wis cachectl export` then `wis cachectl
project`); each BATTERY is a battery file (exam_battery/README.md). The life is what the creature
did and what the world showed it: its episodes (each action, its tool and whether it worked, and
its summary) and its stream (what it saw, the System's grants). The keeper's commissions are left
out: their checks name the answers.

A task's answer appeared:
- a text task (exact, claim, regex): its answer (every string a claim must include) is in the
  life's episode summaries or stream;
- an action task: a call of its tool that worked matches its args_pattern;
- a transfer task (the same kind of job on a file the life never touched): a call of its tool
  that worked did the same kind of job (for bash, the same shell verbs the pattern names: mkdir,
  cp, mv, `>>`, …), and no call of the life matches the task's own pattern (a life that touched
  the file has made the task no transfer; named as such).

A task whose answer never appeared is a defect of the battery or of the life, and is named.
Prints one line per task and a summary per battery; exits 0 when everything was read (1 when a
file cannot be read or a battery line is not JSON).
"""

import json
import re
import sys

# The shell verbs a transfer's bash pattern may name: the kind of job it is.
VERBS = ("mkdir", "cp", "mv", "rm", "touch", "cat", "echo", "printf", "sed", "grep", "wc",
         "ls", "find", "tee", "head", "tail")
VERB_RE = re.compile(r"(?<![\w-])(" + "|".join(VERBS) + r")(?![\w-])|>>")


def flat(text):
    return " ".join(str(text).lower().split())


def read_life(path):
    """The life's episodes (tool, action, success, summary) and its text, lowercased."""
    episodes, texts = [], []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            kind = str(rec.get("type", ""))
            payload = rec.get("payload")
            if not isinstance(payload, dict):
                continue
            if kind.startswith("wis.episode"):
                episodes.append(payload)
                texts.append(str(payload.get("summary", "")))
            elif kind.startswith("wis.stream"):
                texts.append(str(payload.get("text", "")))
    return episodes, flat("\n".join(texts))


def worked(episodes, tool):
    return [e for e in episodes if e.get("tool") == tool and e.get("success")]


def matches(pattern, action):
    try:
        return re.search(pattern, str(action)) is not None
    except re.error:
        return False


def verdict(task, episodes, life):
    """(appeared, what the line says)."""
    s = task["scorer"]
    kind = s["type"]
    if kind == "exact":
        answers = [s["answer"]] if "answer" in s else s.get("answers", [])
        ok = any(flat(a).strip(".,;:!?\"'`") in life for a in answers)
        return ok, "appeared" if ok else "NEVER APPEARED: " + " or ".join(answers)
    if kind == "claim":
        missing = [x for x in s["must_include"] if flat(x) not in life]
        if not missing:
            return True, "appeared"
        return False, "NEVER APPEARED: " + ", ".join(missing)
    if kind == "regex":
        try:
            ok = re.search(s["pattern"], life, re.I) is not None
        except re.error:
            return False, "CANNOT CHECK: the pattern is not in Python's regex syntax"
        return ok, "appeared" if ok else "NEVER APPEARED: /" + s["pattern"] + "/"
    tool, pattern = s["tool"], s.get("args_pattern")
    if task["domain"] != "transfer":
        ok = any(pattern is None or matches(pattern, e.get("action", ""))
                 for e in worked(episodes, tool))
        return ok, "appeared" if ok else f"NEVER APPEARED: no {tool} call that worked matches"
    touched = pattern is not None and any(matches(pattern, e.get("action", "")) for e in episodes)
    verbs = sorted({m.group(0) for m in VERB_RE.finditer(pattern or "")}) if tool == "bash" else []
    done = [e for e in worked(episodes, tool)
            if all(re.search(r"(?<![\w-])" + re.escape(v) + r"(?![\w-])" if v != ">>" else ">>",
                             str(e.get("action", ""))) for v in verbs)]
    job = " ".join([tool] + verbs)
    if touched:
        return False, f"NOT A TRANSFER: the life touched its file ({job})"
    if done:
        return True, f"its job appeared ({job}), its file never touched"
    return False, f"NEVER APPEARED: no {job} call that worked"


def main(argv):
    if len(argv) < 3:
        print("usage: scripts/battery_life.py PROJECTED BATTERY...", file=sys.stderr)
        return 64
    try:
        episodes, life = read_life(argv[1])
    except OSError as e:
        print(f"battery_life: {argv[1]}: {e.strerror}", file=sys.stderr)
        return 1
    for path in argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                tasks = [json.loads(l) for l in f if l.strip()]
        except (OSError, ValueError) as e:
            print(f"battery_life: {path}: {e}", file=sys.stderr)
            return 1
        name = path.rsplit("/", 1)[-1].removesuffix(".jsonl")
        print(f"\n{name} tasks against the life (did the answer ever appear in what it lived?)")
        missed = []
        for t in tasks:
            ok, said = verdict(t, episodes, life)
            if not ok:
                missed.append(t["id"])
            print(f"  {t['id']:<24} {t['domain']:<10} {said}")
        tail = f"; never: {', '.join(missed)} (a defect to name)" if missed else ""
        print(f"  {len(tasks) - len(missed)} of {len(tasks)} appeared{tail}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
