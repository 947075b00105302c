#!/usr/bin/env python3
"""A test double of an OpenAI-compatible model server, for scripts/soak.sh and
scripts/curve_fixture.sh only.

Answers POST .../chat/completions and .../completions with one valid wis action, GET /v1/models
with one model, and 404 to anything else. It never thinks.

    python3 scripts/fake_model_server.py PORT_FILE [SCRIPT.json]

Listens on a free loopback port and writes the port to PORT_FILE once it is listening.

Without a script (the soak): a thought and a plan when the schema asks for one (a rumination),
else a note appended to the `log` notebook.

With a script, a scripted life: the keeper's plan and, for each step of it, the actions taken
on that step in order, so that a fixture creature lives real ticks whose outcomes wis itself
adjudicates:

    {"plans": [["step one", "step two"]],
     "steps": {"step one": [{"action": {"tool": "bash", "args": {"command": "ls"}},
                             "expect": "ok"}, ...]}}

A rumination is answered with the next plan of `plans` (an empty plan once they are spent); a
work turn reads its step from the prompt's last `Q:` line and is answered with that step's
next action (`expect` is for the caller: the outcome wis should adjudicate). A step with no action left, or a step the script does not know, is answered with
HTTP 500, so a life that strays from its script fails loudly instead of going on unscripted.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

THOUGHT = {"thought": "I should keep a log.", "plan": ["append a note to log"]}
ACTION = {"tool": "note_append", "args": {"notebook": "log", "text": "a tick went by"}}


class Script:
    """The scripted life: plans for ruminations, a queue of actions per step."""

    def __init__(self, path):
        with open(path) as f:
            doc = json.load(f)
        self.plans = [list(p) for p in doc.get("plans", [])]
        self.steps = {k: list(v) for k, v in doc.get("steps", {}).items()}
        self.lock = threading.Lock()

    def answer(self, prompt, wants_thought):
        with self.lock:
            if wants_thought:
                plan = self.plans.pop(0) if self.plans else []
                return {"thought": "the keeper's plan", "plan": plan}
            step = last_question(prompt)
            queue = self.steps.get(step)
            if not queue:
                return None
            return queue.pop(0)["action"]


def last_question(prompt):
    """The text of the prompt's last `Q:` line (the current step)."""
    for line in reversed(prompt.splitlines()):
        if line.startswith("Q: "):
            return line[3:].strip()
    return ""


def prompt_text(request):
    if isinstance(request.get("prompt"), str):
        return request["prompt"]
    return "\n".join(str(m.get("content", "")) for m in request.get("messages", []))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    script = None

    def log_message(self, *args):
        pass

    def send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.rstrip("/").endswith("/v1/models"):
            self.send(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})
        else:
            self.send(404, {"error": {"message": "not served by the double"}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        request = json.loads(self.rfile.read(length) or b"{}")
        if not self.path.endswith("/completions"):
            self.send(404, {"error": {"message": "not served by the double"}})
            return
        wants_thought = "thought" in json.dumps(request.get("response_format", request))
        if self.script is None:
            answer = THOUGHT if wants_thought else ACTION
        else:
            answer = self.script.answer(prompt_text(request), wants_thought)
            if answer is None:
                step = last_question(prompt_text(request))
                self.send(500, {"error": {"message": f"the script has no action for {step!r}"}})
                return
        text = json.dumps(answer)
        usage = {"prompt_tokens": 1, "completion_tokens": 1}
        if self.path.endswith("/chat/completions"):
            choice = {"index": 0, "message": {"role": "assistant", "content": text},
                      "finish_reason": "stop"}
        else:
            choice = {"index": 0, "text": text, "finish_reason": "stop"}
        self.send(200, {"object": "chat.completion", "model": "fake",
                        "choices": [choice], "usage": usage})


def main():
    if len(sys.argv) > 2:
        Handler.script = Script(sys.argv[2])
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(sys.argv[1], "w") as f:
        f.write(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
