//! `vision` (also `see`): looks at an image file in the workspace through the sight organ and
//! says what is in it, or answers a question about it. The image (png, jpg, gif or webp, at
//! most [`MAX_IMAGE_BYTES`]) goes to the organ as a data URL in a chat completion.

use base64::Engine;
use serde_json::json;

use super::{Run, Tool};
use crate::base::http;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome, cut_middle};
use crate::world::dispatch::Body;
use crate::world::organs::{Organ, agent};
use crate::world::paths;

/// Largest image `vision` sends.
pub const MAX_IMAGE_BYTES: u64 = 8 << 20;

pub static TOOL: Tool = Tool {
    spec: ToolSpec {
        aliases: &["see"],
        ..ToolSpec::new(
            "vision",
            &[
                ArgSpec::required(
                    "path",
                    ArgType::String,
                    "an image file in the workspace (png, jpg, gif, webp)",
                ),
                ArgSpec::optional(
                    "question",
                    ArgType::String,
                    "what to look for (default: describe it)",
                ),
            ],
            "look at an image file and say what is in it",
        )
    },
    run: Run::Workspace(run),
};

fn run(action: &Action, body: &Body<'_>) -> Outcome {
    let (workspace, config) = (body.workspace, body.config);
    let path = action.str_arg("path").unwrap_or_default();
    let question = action.str_arg("question");
    let (Some(base), _) = Organ::Sight.url(&config.organs) else {
        return Outcome::fail(
            FailKind::Unreachable,
            "nothing answers: sight is not connected",
        );
    };
    let confined = match paths::confine(workspace, path) {
        Ok(c) => c,
        Err(e) => return e.into_outcome(),
    };
    let mime = match confined
        .rel
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_lowercase)
    {
        Some(e) if e == "png" => "image/png",
        Some(e) if e == "jpg" || e == "jpeg" => "image/jpeg",
        Some(e) if e == "gif" => "image/gif",
        Some(e) if e == "webp" => "image/webp",
        _ => {
            return Outcome::fail(
                FailKind::InvalidArgs,
                format!("{} is not a png, jpg, gif or webp file", confined.shown()),
            );
        }
    };
    let bytes = match read_bounded(&confined) {
        Ok(b) => b,
        Err(o) => return o,
    };
    let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
    let request = json!({
        "model": config.organs.vision_model.clone().unwrap_or_else(|| config.llm.model.clone()),
        "max_tokens": config.llm.max_tokens.max(128),
        "messages": [{"role": "user", "content": [
            {"type": "text", "text": question.filter(|q| !q.trim().is_empty()).unwrap_or("Describe this image.")},
            {"type": "image_url", "image_url": {"url": format!("data:{mime};base64,{data}")}}
        ]}]
    });
    let url = http::join(base, "chat/completions");
    let reply = match http::try_post_json(&agent(config), &url, None, &request) {
        Ok(r) if r.ok() => r,
        Ok(r) => {
            return Outcome::fail(
                FailKind::Unreachable,
                format!("sight answered HTTP {}", r.status),
            );
        }
        Err(e) => {
            return Outcome::fail(
                FailKind::Unreachable,
                format!("sight did not answer: {}", http::why(&e)),
            );
        }
    };
    let text = serde_json::from_str::<serde_json::Value>(&reply.body)
        .ok()
        .and_then(|v| {
            v.pointer("/choices/0/message/content")?
                .as_str()
                .map(String::from)
        });
    match text {
        Some(t) if !t.trim().is_empty() => {
            Outcome::ok(cut_middle(t.trim(), config.context.obs_max_chars))
        }
        _ => Outcome::fail(
            FailKind::Unreachable,
            "sight answered, but with nothing seen",
        ),
    }
}

fn read_bounded(confined: &paths::Confined) -> Result<Vec<u8>, Outcome> {
    use std::io::Read;
    let file = paths::open_beneath(confined, libc::O_RDONLY, 0).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Outcome::fail(
            FailKind::NotFound,
            format!("there is no file {}", confined.shown()),
        ),
        _ if paths::is_link_refusal(&e) => {
            Outcome::fail(FailKind::Denied, "that path leads outside")
        }
        _ => Outcome::fail(
            FailKind::NotFound,
            format!("{} cannot be read: {e}", confined.shown()),
        ),
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_IMAGE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Outcome::fail(FailKind::NotFound, format!("{}: {e}", confined.shown())))?;
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(Outcome::fail(
            FailKind::TooLarge,
            "the image is larger than 8 MB",
        ));
    }
    Ok(bytes)
}
