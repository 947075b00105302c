#!/usr/bin/env python3
"""A test double of an OpenAI-compatible model server, for scripts/soak.sh only.

Answers POST .../chat/completions and .../completions with one valid wis action (a thought and
a plan when the schema asks for them, else a note appended to the `log` notebook), GET
/v1/models with one model, and 404 to anything else. It never thinks: it lets a soak test
exercise wis's store under kills and contention, not a model.

    python3 scripts/fake_model_server.py PORT_FILE

Listens on a free loopback port and writes the port to PORT_FILE once it is listening.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

THOUGHT = {"thought": "I should keep a log.", "plan": ["append a note to log"]}
ACTION = {"tool": "note_append", "args": {"notebook": "log", "text": "a tick went by"}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

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
        text = json.dumps(THOUGHT if wants_thought else ACTION)
        usage = {"prompt_tokens": 1, "completion_tokens": 1}
        if self.path.endswith("/chat/completions"):
            choice = {"index": 0, "message": {"role": "assistant", "content": text},
                      "finish_reason": "stop"}
        else:
            choice = {"index": 0, "text": text, "finish_reason": "stop"}
        self.send(200, {"object": "chat.completion", "model": "fake",
                        "choices": [choice], "usage": usage})


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(sys.argv[1], "w") as f:
        f.write(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
