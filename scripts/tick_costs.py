#!/usr/bin/env python3
"""What a life's ticks cost, from the files scripts/real_life.sh leaves in its home.

    scripts/tick_costs.py HOME [HOME...]

Per home: the model ticks; prompt reuse (the share of prompt tokens read from the saved prompt
state or a server's cache, over the whole life and over its last 20 calls); and, where
HOME/walls.txt has each tick's wall time (process start to exit), the wall time against the
model's own work (`usage.prompt_ms + predicted_ms`): the median of the per-tick ratios, the
ratio of the sums, and the median time a tick spends outside the model's work. Ticks a reflex
handled, rests and sleeps (no model call) are left out of the ratios.
"""
import json
import statistics
import sys


def load(home):
    ticks = []
    with open(f"{home}/ticks.jsonl") as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    ticks.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    walls = {}
    try:
        with open(f"{home}/walls.txt") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[1] == "0":
                    walls[int(parts[0])] = int(parts[2])
    except FileNotFoundError:
        pass
    return ticks, walls


def main(homes):
    if not homes:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    for home in homes:
        ticks, walls = load(home)
        calls = [t for t in ticks if (t.get("usage") or {}).get("prompt_tokens")]
        read = sum(t["usage"]["prompt_tokens"] for t in calls)
        cached = sum(t["usage"].get("cached_tokens") or 0 for t in calls)
        last = calls[-20:]
        last_read = sum(t["usage"]["prompt_tokens"] for t in last)
        last_cached = sum(t["usage"].get("cached_tokens") or 0 for t in last)
        print(f"{home}: {len(ticks)} ticks, {len(calls)} model calls")
        if read:
            print(
                f"  prompt reuse {cached / read:.1%} over the life "
                f"({cached} of {read} tokens), {last_cached / max(last_read, 1):.1%} over the last {len(last)}"
            )
        pairs = []
        for t in calls:
            u = t["usage"]
            work = (u.get("prompt_ms") or 0) + (u.get("predicted_ms") or 0)
            wall = walls.get(t.get("tick"))
            if wall and work > 0:
                pairs.append((wall, work))
        if pairs:
            ratios = [w / m for w, m in pairs]
            outside = [w - m for w, m in pairs]
            print(
                f"  wall / model's work: median {statistics.median(ratios):.2f}x, "
                f"sums {sum(w for w, _ in pairs) / sum(m for _, m in pairs):.2f}x over {len(pairs)} ticks; "
                f"outside the model's work: median {statistics.median(outside):.0f} ms a tick"
            )
        elif walls:
            print("  no tick with both a wall time and the model's timings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
