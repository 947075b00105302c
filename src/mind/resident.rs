//! The resident mind: the embedded model kept loaded between ticks.
//!
//! Each tick is a new process, and loading the GGUF (above all building its 262,144-token
//! vocabulary) costs about 0.7 s of a tick that spends 2.5–4 s in the model. `wis mind serve`
//! loads the model once and keeps its context; a tick of the same home finds its socket
//! (`<home>/cache/mind.sock`) and sends the completion there instead of loading the model
//! itself. The model, the grammar, the sampler and the closing of cut replies are the embedded
//! mind's own, so the reply is what the tick would have got in-process.
//!
//! The protocol is one JSON line each way on a Unix socket (mode 0600, the home owner's only):
//! a [`Request`], then a [`Response`]. It is an optimisation, never a dependency: no socket, a
//! server that does not answer, one serving another model or window, or one of another
//! version, and the tick loads the model itself as before. A failure of the model itself (a
//! prompt over the window) is the tick's error either way. Lines are bounded both ways.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::io::AsRawFd as _;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::base::exit::{Error, Kind, Result};

/// The socket's file name in the home's cache folder.
pub const SOCKET_FILE: &str = "mind.sock";
/// The protocol's version; a server of another refuses, and the tick loads the model itself.
pub const PROTOCOL: u32 = 1;
/// The longest request line read (a prompt is bounded by `[context]`, far below this).
pub const MAX_REQUEST_BYTES: u64 = 16 << 20;
/// The longest answer line read.
pub const MAX_ANSWER_BYTES: u64 = 4 << 20;
/// A path longer than this does not fit a Unix socket address (108 bytes with its NUL).
const MAX_SOCKET_PATH: usize = 107;
/// How long the server waits for a connected client to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// How often the server looks at its stop flag and its idle time while no call comes.
const POLL_MS: i32 = 250;

/// The socket a home's resident mind listens on.
pub fn socket_in(state_dir: &Path) -> PathBuf {
    state_dir.join(SOCKET_FILE)
}

/// One completion asked of the resident mind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub protocol: u32,
    /// The GGUF the asker would load, canonical.
    pub model: PathBuf,
    /// The asker's `[context] n_ctx`.
    pub n_ctx: u32,
    /// The action schema the reply must follow.
    pub schema: serde_json::Value,
    /// The prompt document.
    pub document: String,
    pub sampling: crate::mind::Sampling,
}

/// What the model did for one request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The reply's bytes (the model's pieces may split a character: kept as bytes).
    pub bytes: Vec<u8>,
    pub prompt_tokens: u32,
    pub reused_tokens: u32,
    pub completion_tokens: u32,
    pub hit_limit: bool,
    pub prompt_ms: f64,
    pub predicted_ms: f64,
}

/// The server's line back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Response {
    Answered(Answer),
    /// Not for this server (another model, window or protocol): the asker loads the model.
    Refused {
        reason: String,
    },
    /// The model failed on this request, as it would in-process (the exit code says how).
    Failed {
        code: u8,
        message: String,
        hint: Option<String>,
    },
}

impl Response {
    /// The line for an error the model returned.
    pub fn failed(error: &Error) -> Response {
        Response::Failed {
            code: error.code(),
            message: error.message.clone(),
            hint: error.hint.clone(),
        }
    }
}

/// What asking the resident mind came to.
#[derive(Debug)]
pub enum Asked {
    Answered(Answer),
    /// No resident mind took the call; the reason, for a warning.
    NotHere(String),
}

/// Asks the resident mind listening at `socket`, waiting up to `timeout` for its answer. No
/// socket, no server behind it, a refusal or a broken answer are [`Asked::NotHere`]; only a
/// failure of the model itself is an error.
pub fn ask(socket: &Path, request: &Request, timeout: Duration) -> Result<Asked> {
    if !socket.exists() {
        return Ok(Asked::NotHere("no resident mind".into()));
    }
    let not_here = |what: &str, e: &dyn std::fmt::Display| {
        Ok(Asked::NotHere(format!(
            "the resident mind at {} {what}: {e}",
            socket.display()
        )))
    };
    let mut stream = match UnixStream::connect(socket) {
        Ok(s) => s,
        Err(e) => return not_here("does not listen", &e),
    };
    let mut line = match serde_json::to_vec(request) {
        Ok(l) => l,
        Err(e) => return Err(Error::internal(format!("cannot write a request: {e}"))),
    };
    line.push(b'\n');
    let sent = stream
        .set_write_timeout(Some(REQUEST_TIMEOUT))
        .and_then(|()| stream.set_read_timeout(Some(timeout.max(Duration::from_secs(1)))))
        .and_then(|()| stream.write_all(&line))
        .and_then(|()| stream.flush());
    if let Err(e) = sent {
        return not_here("did not take the request", &e);
    }
    let answer = match read_line(&mut stream, MAX_ANSWER_BYTES) {
        Ok(a) => a,
        Err(e) => return not_here("did not answer", &e),
    };
    match serde_json::from_slice::<Response>(&answer) {
        Ok(Response::Answered(a)) => Ok(Asked::Answered(a)),
        Ok(Response::Refused { reason }) => Ok(Asked::NotHere(format!(
            "the resident mind at {} refused: {reason}",
            socket.display()
        ))),
        Ok(Response::Failed {
            code,
            message,
            hint,
        }) => {
            let mut error = Error::new(Kind::from_code(code).unwrap_or(Kind::Internal), message);
            error.hint = hint;
            Err(error)
        }
        Err(e) => not_here("answered something unreadable", &e),
    }
}

/// Reads one `\n`-ended line of at most `max` bytes (the newline not included).
fn read_line(stream: &mut UnixStream, max: u64) -> std::io::Result<Vec<u8>> {
    let mut line = Vec::new();
    BufReader::new(stream.take(max + 1)).read_until(b'\n', &mut line)?;
    if line.last() != Some(&b'\n') {
        let why = if line.len() as u64 > max {
            format!("a line over {max} bytes")
        } else {
            "a line cut short".to_string()
        };
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, why));
    }
    line.pop();
    Ok(line)
}

/// The listening socket; removed when dropped.
#[derive(Debug)]
pub struct Socket {
    listener: UnixListener,
    path: PathBuf,
}

impl Socket {
    /// Listens at `path` (its folder made if needed), readable and writable by the owner only.
    /// A socket a live server holds is exit 75; one left by a server that died is replaced.
    pub fn bind(path: &Path) -> Result<Socket> {
        if path.as_os_str().len() > MAX_SOCKET_PATH {
            return Err(Error::config(format!(
                "the socket path {} is {} bytes, longer than a Unix socket allows ({MAX_SOCKET_PATH})",
                path.display(),
                path.as_os_str().len()
            ))
            .hint("give the creature a home with a shorter path"));
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io_at(dir, e))?;
        }
        if path.exists() {
            if UnixStream::connect(path).is_ok() {
                return Err(Error::busy(format!(
                    "a resident mind already listens at {}",
                    path.display()
                ))
                .hint("stop it first (its process ends on SIGTERM or Ctrl-C)"));
            }
            std::fs::remove_file(path).map_err(|e| Error::io_at(path, e))?;
        }
        let listener = UnixListener::bind(path).map_err(|e| Error::io_at(path, e))?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|e| Error::io_at(path, e))?;
        Ok(Socket {
            listener,
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Why serving ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// `stop` said so (a signal).
    Stopped,
    /// No call came for the idle time.
    Idle,
}

/// What one served call was, for the server's log line.
#[derive(Debug)]
pub struct Served<'a> {
    pub request: &'a Request,
    pub response: &'a Response,
    pub wall: Duration,
}

/// Serves calls one at a time until `stop` returns true or, with `idle`, no call came for that
/// long. Each connection sends one request line and gets one response line; a connection that
/// sends nothing readable within 10 s, or an unreadable line, gets a refusal and the next one is
/// served. `handle` answers a request; `served` hears of each call.
pub fn serve(
    socket: &Socket,
    idle: Option<Duration>,
    stop: &dyn Fn() -> bool,
    handle: &mut dyn FnMut(&Request) -> Response,
    served: &mut dyn FnMut(Served<'_>),
) -> Result<End> {
    let mut last_call = Instant::now();
    loop {
        if stop() {
            return Ok(End::Stopped);
        }
        if idle.is_some_and(|idle| last_call.elapsed() >= idle) {
            return Ok(End::Idle);
        }
        if !readable(&socket.listener, POLL_MS)? {
            continue;
        }
        let mut stream = match socket.listener.accept() {
            Ok((s, _)) => s,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::io(format!("accepting a call: {e}")).with_source(e)),
        };
        let started = Instant::now();
        let request = stream
            .set_read_timeout(Some(REQUEST_TIMEOUT))
            .and_then(|()| read_line(&mut stream, MAX_REQUEST_BYTES))
            .map_err(|e| e.to_string())
            .and_then(|line| serde_json::from_slice::<Request>(&line).map_err(|e| e.to_string()));
        let request = match request {
            Ok(r) if r.protocol == PROTOCOL => r,
            Ok(r) => {
                let reason = format!("protocol {} asked, {PROTOCOL} served", r.protocol);
                reply(&mut stream, &Response::Refused { reason });
                continue;
            }
            Err(e) => {
                let reason = format!("unreadable request: {e}");
                reply(&mut stream, &Response::Refused { reason });
                continue;
            }
        };
        let response = handle(&request);
        reply(&mut stream, &response);
        last_call = Instant::now();
        served(Served {
            request: &request,
            response: &response,
            wall: started.elapsed(),
        });
    }
}

/// Writes the response line; a client that went away loses only its own answer.
fn reply(stream: &mut UnixStream, response: &Response) {
    if let Ok(mut line) = serde_json::to_vec(response) {
        line.push(b'\n');
        let _ = stream
            .set_write_timeout(Some(REQUEST_TIMEOUT))
            .and_then(|()| stream.write_all(&line));
    }
}

/// Whether a connection waits on the listener, looking for at most `ms` milliseconds. A signal
/// ends the wait early (the caller then looks at its stop flag).
fn readable(listener: &UnixListener, ms: i32) -> Result<bool> {
    let mut fd = libc::pollfd {
        fd: listener.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd for a descriptor this listener owns.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    if n < 0 {
        let e = std::io::Error::last_os_error();
        if e.kind() == std::io::ErrorKind::Interrupted {
            return Ok(false);
        }
        return Err(Error::io(format!("waiting for a call: {e}")).with_source(e));
    }
    Ok(n > 0 && fd.revents & libc::POLLIN != 0)
}

#[cfg(test)]
mod tests;
