#!/usr/bin/env python3
"""Each arm's score per domain of the battery, at every age: the sorts of task of battery v3
(recall: what a commission asked for; detail: what the life read and was never asked about;
procedure: the call that did a job it did; transfer: the same job on a file it never touched)
and v1's ops and subsystems.

    scripts/curve_domains.py CURVE_JSONL [VERSION...]

CURVE_JSONL holds curve results, one a line (`wis curve run --out`); with VERSIONs, only those
battery versions are shown. At each age the newest result of each arm counts. A cell is the
points won over the tasks of that domain (`2.00/3`); for the arm with live memory, the points
won from memory it lived (`experienced`) follow in brackets.
"""

import json
import sys

ORDER = ("ops", "subsystems", "recall", "detail", "procedure", "transfer")


def lived_points(result, tasks):
    """The points of `tasks` answered from a shown memory of provenance `experienced`."""
    total = 0.0
    for t in tasks:
        i = t.get("answered_from")
        if i is not None and t["shown"][i].get("provenance") == "experienced":
            total += t["score"]
    return total


def main(argv):
    if len(argv) < 2:
        print("usage: scripts/curve_domains.py CURVE_JSONL [VERSION...]", file=sys.stderr)
        return 64
    wanted = set(argv[2:])
    newest = {}
    try:
        with open(argv[1], encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                    key = (r["battery"]["version"], r["age"]["ticks"], r["arm"])
                except (ValueError, KeyError, TypeError):
                    print(f"curve_domains: {argv[1]}:{n}: not a curve result", file=sys.stderr)
                    return 65
                if not wanted or key[0] in wanted:
                    newest[key] = r
    except OSError as e:
        print(f"curve_domains: {argv[1]}: {e.strerror}", file=sys.stderr)
        return 66
    by_point = {}
    for (version, age, arm), r in newest.items():
        by_point.setdefault((version, age), []).append((arm, r))
    for (version, age) in sorted(by_point):
        rows = by_point[(version, age)]
        domains = {t["domain"] for _, r in rows for t in r["tasks"]}
        cols = [d for d in ORDER if d in domains] + sorted(domains - set(ORDER))
        print(f"\nbattery {version} at age {age}: points per domain (from lived memory)")
        print("  " + f"{'arm':<14}" + "".join(f"{c:>18}" for c in cols) + f"{'all':>18}")
        for arm, r in sorted(rows):
            live = r.get("memory") == "live"
            cells = []
            for c in cols + ["all"]:
                tasks = [t for t in r["tasks"] if c == "all" or t["domain"] == c]
                won = sum(t["score"] for t in tasks)
                cell = f"{won:.2f}/{len(tasks)}"
                if live:
                    cell += f" ({lived_points(r, tasks):.2f})"
                cells.append(f"{cell:>18}")
            print("  " + f"{arm:<14}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
