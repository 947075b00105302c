use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use super::*;

fn request(document: &str) -> Request {
    Request {
        protocol: PROTOCOL,
        model: PathBuf::from("/models/m.gguf"),
        n_ctx: 4096,
        schema: serde_json::json!({"type": "object"}),
        document: document.into(),
        sampling: crate::mind::Sampling {
            temperature: 0.0,
            seed: Some(7),
            max_tokens: 64,
            cache_prompt: true,
        },
    }
}

fn answer(text: &str) -> Answer {
    Answer {
        bytes: text.as_bytes().to_vec(),
        prompt_tokens: 10,
        reused_tokens: 4,
        completion_tokens: 3,
        hit_limit: false,
        prompt_ms: 1.5,
        predicted_ms: 2.5,
    }
}

/// A server on its own thread: answers a document "fail" with a config error, "other" with a
/// refusal, anything else with the document reversed; returns the calls it served.
struct Running {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<(End, Vec<String>)>,
}

fn start(socket: Socket, idle: Option<Duration>) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let thread = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let end = serve(
            &socket,
            idle,
            &|| flag.load(Ordering::SeqCst),
            &mut |r: &Request| match r.document.as_str() {
                "fail" => {
                    Response::failed(&Error::config("the prompt does not fit").hint("raise n_ctx"))
                }
                "other" => Response::Refused {
                    reason: "another model".into(),
                },
                text => Response::Answered(answer(&text.chars().rev().collect::<String>())),
            },
            &mut |s: Served<'_>| seen.push(s.request.document.clone()),
        )
        .unwrap();
        (end, seen)
    });
    Running { stop, thread }
}

impl Running {
    fn finish(self) -> (End, Vec<String>) {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.join().unwrap()
    }
}

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn no_socket_means_the_tick_loads_the_model_itself() {
    let dir = tempfile::tempdir().unwrap();
    let asked = ask(&socket_in(dir.path()), &request("hi"), WAIT).unwrap();
    assert!(matches!(asked, Asked::NotHere(_)), "{asked:?}");
}

#[test]
fn a_call_is_answered_refused_or_failed_as_the_server_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = socket_in(dir.path());
    let running = start(Socket::bind(&path).unwrap(), None);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "the owner's only");

    let Asked::Answered(a) = ask(&path, &request("abc"), WAIT).unwrap() else {
        panic!("not answered")
    };
    assert_eq!(a, answer("cba"));

    let refused = ask(&path, &request("other"), WAIT).unwrap();
    let Asked::NotHere(why) = refused else {
        panic!("not refused")
    };
    assert!(why.contains("refused: another model"), "{why}");

    let err = ask(&path, &request("fail"), WAIT).unwrap_err();
    assert_eq!(err.code(), 78);
    assert_eq!(err.message, "the prompt does not fit");
    assert_eq!(err.hint.as_deref(), Some("raise n_ctx"));

    let (end, seen) = running.finish();
    assert_eq!(end, End::Stopped);
    assert_eq!(seen, ["abc", "other", "fail"]);
    assert!(!path.exists(), "the socket goes with the server");
}

#[test]
fn garbage_and_other_versions_are_refused_and_serving_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = socket_in(dir.path());
    let running = start(Socket::bind(&path).unwrap(), None);

    let mut raw = UnixStream::connect(&path).unwrap();
    raw.write_all(b"{\"not\": \"a request\"}\n").unwrap();
    let line = read_line(&mut raw, MAX_ANSWER_BYTES).unwrap();
    let refused: Response = serde_json::from_slice(&line).unwrap();
    assert!(
        matches!(&refused, Response::Refused { reason } if reason.starts_with("unreadable request")),
        "{refused:?}"
    );

    let mut newer = request("abc");
    newer.protocol = PROTOCOL + 1;
    let Asked::NotHere(why) = ask(&path, &newer, WAIT).unwrap() else {
        panic!("another protocol was served")
    };
    assert!(why.contains("protocol 2 asked, 1 served"), "{why}");

    assert!(matches!(
        ask(&path, &request("xy"), WAIT).unwrap(),
        Asked::Answered(_)
    ));
    let (_, seen) = running.finish();
    assert_eq!(
        seen,
        ["xy"],
        "only readable requests of this protocol are handled"
    );
}

#[test]
fn a_live_socket_is_busy_and_a_dead_one_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = socket_in(dir.path());
    let first = Socket::bind(&path).unwrap();
    let err = Socket::bind(&path).unwrap_err();
    assert_eq!(err.code(), 75, "{err}");
    drop(first);
    assert!(!path.exists());

    // a server that died leaves its file behind, with nothing listening
    drop(UnixListener::bind(&path).unwrap());
    assert!(path.exists());
    let asked = ask(&path, &request("hi"), WAIT).unwrap();
    assert!(
        matches!(asked, Asked::NotHere(ref w) if w.contains("does not listen")),
        "{asked:?}"
    );
    let again = Socket::bind(&path).unwrap();
    assert_eq!(again.path(), path);
}

#[test]
fn a_path_too_long_for_a_socket_is_a_config_error() {
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("d".repeat(120)).join(SOCKET_FILE);
    let err = Socket::bind(&long).unwrap_err();
    assert_eq!(err.code(), 78);
    assert!(err.hint.unwrap().contains("shorter path"));
}

#[test]
fn a_server_with_nothing_to_do_ends_when_idle() {
    let dir = tempfile::tempdir().unwrap();
    let path = socket_in(dir.path());
    let running = start(
        Socket::bind(&path).unwrap(),
        Some(Duration::from_millis(300)),
    );
    let (end, seen) = running.thread.join().unwrap();
    assert_eq!(end, End::Idle);
    assert!(seen.is_empty());
    assert!(!path.exists());
}

#[test]
fn an_answer_cut_short_is_not_a_reply() {
    let dir = tempfile::tempdir().unwrap();
    let path = socket_in(dir.path());
    let listener = UnixListener::bind(&path).unwrap();
    let server = std::thread::spawn(move || {
        let (mut s, _) = listener.accept().unwrap();
        let _ = read_line(&mut s, MAX_REQUEST_BYTES).unwrap();
        s.write_all(b"{\"status\":\"answered\",\"bytes\":[1,2")
            .unwrap();
    });
    let asked = ask(&path, &request("hi"), WAIT).unwrap();
    server.join().unwrap();
    assert!(
        matches!(asked, Asked::NotHere(ref w) if w.contains("did not answer")),
        "{asked:?}"
    );
}
