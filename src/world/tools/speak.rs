//! `speak`: says a text aloud through the voice organ (`POST {speak_url}/audio/speech`) and
//! keeps the audio of the last thing said as `voice/last.wav` in the workspace.

use serde_json::json;

use super::{Run, Tool, limits};
use crate::base::http;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome, cut_middle};
use crate::world::dispatch::Body;
use crate::world::files;
use crate::world::organs::{Organ, agent};

/// Longest text `speak` says.
pub const MAX_SPEECH_CHARS: usize = 1000;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "speak",
        &[ArgSpec::required(
            "text",
            ArgType::String,
            "what to say aloud",
        )],
        "say a text aloud",
    ),
    run: Run::Workspace(run),
};

fn run(action: &Action, body: &Body<'_>) -> Outcome {
    let (workspace, config) = (body.workspace, body.config);
    let text = action.str_arg("text").unwrap_or_default();
    let (Some(base), _) = Organ::Voice.url(&config.organs) else {
        return Outcome::fail(
            FailKind::Unreachable,
            "nothing answers: the voice is not connected",
        );
    };
    let text = text.trim();
    if text.is_empty() {
        return Outcome::fail(FailKind::InvalidArgs, "there is nothing to say");
    }
    if text.chars().count() > MAX_SPEECH_CHARS {
        return Outcome::fail(
            FailKind::TooLarge,
            format!("at most {MAX_SPEECH_CHARS} characters at once"),
        );
    }
    let request =
        json!({"model": "tts-1", "voice": "alloy", "input": text, "response_format": "wav"});
    let url = http::join(base, "audio/speech");
    let audio = match http::try_post_json_bytes(&agent(config), &url, &request) {
        Ok((200..=299, audio)) => audio,
        Ok((status, _)) => {
            return Outcome::fail(
                FailKind::Unreachable,
                format!("the voice answered HTTP {status}"),
            );
        }
        Err(e) => {
            let why = format!("the voice did not answer: {}", http::why(&e));
            return Outcome::fail(FailKind::Unreachable, why);
        }
    };
    let kept = files::write_bytes(workspace, "voice/last.wav", &audio, &limits(body));
    let note = if kept.success {
        "; kept as voice/last.wav"
    } else {
        ""
    };
    Outcome::ok(format!("said aloud: {}{note}", cut_middle(text, 200)))
}
