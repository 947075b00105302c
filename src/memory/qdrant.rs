//! The optional Qdrant mirror, over its REST API: a retrieval layer, never the record.
//!
//! When `[embed] qdrant_url` is set, writes upsert their points (`PUT
//! /collections/{c}/points?wait=true`, payload kind, tier and provenance) and recall asks
//! Qdrant (`POST /collections/{c}/points/query` with a `must` filter) instead of scanning,
//! as long as the store's [`MirrorMark`](super::state::MirrorMark) says the collection holds
//! everything. The first time Qdrant fails in a process, the mirror is given up for the
//! rest of that process: one warning on stderr, and recall falls back to the exact scan of
//! the store, which is always right.
//!
//! Upserts happen inside the caller's write transaction, before it commits. A commit that
//! then fails leaves points the store does not have; recall drops them, because every hit
//! is looked up in the store before it is returned.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use super::search::{Filter, Tag};
use crate::base::config::Embed;
use crate::base::exit::{Error, Result};
use crate::base::http::{self, Reply};

/// Points per upsert request.
pub const UPSERT_BATCH: usize = 256;

/// One point to upsert.
#[derive(Debug, Clone)]
pub struct Point {
    pub id: u64,
    pub vector: Vec<f32>,
    pub tag: Tag,
}

/// Where warnings go: the command's printer ([`crate::base::output::warn`]: stderr, unless
/// `--quiet`), unless a caller says otherwise.
pub type WarnSink = Box<dyn Fn(&str) + Send + Sync>;

/// A Qdrant collection that mirrors the store.
pub struct Mirror {
    agent: ureq::Agent,
    url: String,
    collection: String,
    /// Given up for the rest of this process.
    down: AtomicBool,
    /// The one warning of this process has been said.
    warned: AtomicBool,
    /// The collection's dimension, once checked (or created) in this process.
    ready: Mutex<Option<usize>>,
    warn: WarnSink,
}

impl std::fmt::Debug for Mirror {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mirror")
            .field("url", &self.url)
            .field("collection", &self.collection)
            .field("down", &self.is_down())
            .finish()
    }
}

impl Mirror {
    pub fn new(url: &str, collection: &str, timeout: Duration) -> Mirror {
        Mirror {
            agent: http::agent(timeout.min(Duration::from_secs(3)), timeout),
            url: url.trim_end_matches('/').to_string(),
            collection: collection.to_string(),
            down: AtomicBool::new(false),
            warned: AtomicBool::new(false),
            ready: Mutex::new(None),
            warn: Box::new(|m| crate::base::output::warn(m)),
        }
    }

    /// The mirror `[embed]` configures, if any.
    pub fn from_config(cfg: &Embed) -> Option<Mirror> {
        let url = cfg.qdrant_url.as_deref()?;
        Some(Mirror::new(
            url,
            &cfg.qdrant_collection,
            Duration::from_secs(cfg.timeout_secs.max(1)),
        ))
    }

    /// Sends warnings somewhere else than the printer.
    pub fn with_warn(mut self, sink: WarnSink) -> Mirror {
        self.warn = sink;
        self
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn collection(&self) -> &str {
        &self.collection
    }

    /// Whether the mirror was given up in this process.
    pub fn is_down(&self) -> bool {
        self.down.load(Ordering::Relaxed)
    }

    /// Says `message` unless this process already said a mirror warning.
    pub fn warn_once(&self, message: &str) {
        if !self.warned.swap(true, Ordering::Relaxed) {
            (self.warn)(message);
        }
    }

    /// Gives the mirror up for the rest of this process, saying so once.
    pub fn give_up(&self, err: &Error) {
        self.down.store(true, Ordering::Relaxed);
        self.warn_once(&format!(
            "qdrant mirror unusable ({}); using the exact scan of the store for this run",
            err.message
        ));
    }

    fn collection_url(&self, path: &str) -> String {
        format!("{}/collections/{}{path}", self.url, self.collection)
    }

    /// The collection's vector size, or `None` when it does not exist.
    pub fn collection_dim(&self) -> Result<Option<usize>> {
        let url = self.collection_url("");
        let reply = self.send(self.agent.get(&url).call(), &url)?;
        if reply.status == 404 {
            return Ok(None);
        }
        let body = ok_json(&reply, &url)?;
        let size = body
            .pointer("/result/config/params/vectors/size")
            .and_then(Value::as_u64)
            .ok_or_else(|| Error::data(format!("{url}: no result.config.params.vectors.size")))?;
        Ok(Some(size as usize))
    }

    /// How many points the collection holds, or `None` when it does not exist.
    pub fn collection_points(&self) -> Result<Option<u64>> {
        let url = self.collection_url("");
        let reply = self.send(self.agent.get(&url).call(), &url)?;
        if reply.status == 404 {
            return Ok(None);
        }
        let body = ok_json(&reply, &url)?;
        Ok(Some(
            body.pointer("/result/points_count")
                .and_then(Value::as_u64)
                .unwrap_or(0),
        ))
    }

    /// Creates the collection for unit vectors of `dim`, compared by cosine.
    pub fn create(&self, dim: usize) -> Result<()> {
        let url = self.collection_url("");
        let body = json!({ "vectors": { "size": dim, "distance": "Cosine" } });
        let reply = self.send(self.agent.put(&url).send_json(&body), &url)?;
        ok_json(&reply, &url)?;
        *self.lock_ready() = Some(dim);
        Ok(())
    }

    /// Deletes the collection (it is fine if there is none).
    pub fn drop_collection(&self) -> Result<()> {
        let url = self.collection_url("");
        let reply = self.send(self.agent.delete(&url).call(), &url)?;
        if reply.status != 404 {
            ok_json(&reply, &url)?;
        }
        *self.lock_ready() = None;
        Ok(())
    }

    /// Makes sure the collection exists with vectors of `dim` (checked once per process).
    pub fn ensure(&self, dim: usize) -> Result<()> {
        if *self.lock_ready() == Some(dim) {
            return Ok(());
        }
        match self.collection_dim()? {
            None => self.create(dim),
            Some(d) if d == dim => {
                *self.lock_ready() = Some(dim);
                Ok(())
            }
            Some(d) => Err(Error::data(format!(
                "qdrant collection {} holds {d}-dimensional vectors, the embedder makes {dim}",
                self.collection
            ))
            .hint("rebuild it with `wis memory mirror --rebuild`")),
        }
    }

    /// Upserts points, waiting until Qdrant has applied them.
    pub fn upsert(&self, points: &[Point]) -> Result<()> {
        let url = self.collection_url("/points?wait=true");
        for chunk in points.chunks(UPSERT_BATCH) {
            let points: Vec<Value> = chunk
                .iter()
                .map(|p| json!({ "id": p.id, "vector": p.vector, "payload": payload(p.tag) }))
                .collect();
            let body = json!({ "points": points });
            let reply = self.send(self.agent.put(&url).send_json(&body), &url)?;
            ok_json(&reply, &url)?;
        }
        Ok(())
    }

    /// The `k` nearest points passing `filter`: (point id, cosine score), best first.
    pub fn query(&self, vector: &[f32], filter: &Filter, k: usize) -> Result<Vec<(u64, f32)>> {
        let url = self.collection_url("/points/query");
        let mut body = json!({ "query": vector, "limit": k, "with_payload": true });
        let must = must(filter);
        if !must.is_empty() {
            body["filter"] = json!({ "must": must });
        }
        let reply = self.send(self.agent.post(&url).send_json(&body), &url)?;
        let value = ok_json(&reply, &url)?;
        let points = value
            .pointer("/result/points")
            .and_then(Value::as_array)
            .ok_or_else(|| Error::data(format!("{url}: no result.points in the reply")))?;
        points
            .iter()
            .map(|p| {
                let id = p.get("id").and_then(Value::as_u64);
                let score = p.get("score").and_then(Value::as_f64);
                match (id, score) {
                    (Some(id), Some(score)) => Ok((id, score as f32)),
                    _ => Err(Error::data(format!("{url}: a point without id or score"))),
                }
            })
            .collect()
    }

    fn lock_ready(&self) -> std::sync::MutexGuard<'_, Option<usize>> {
        self.ready.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn send(
        &self,
        sent: std::result::Result<ureq::http::Response<ureq::Body>, ureq::Error>,
        url: &str,
    ) -> Result<Reply> {
        let mut resp = sent.map_err(|e| {
            http::unreachable(url, &e).hint("start Qdrant, or unset [embed] qdrant_url")
        })?;
        let status = resp.status().as_u16();
        let body = resp
            .body_mut()
            .with_config()
            .limit(http::MAX_BODY_BYTES)
            .read_to_string()
            .map_err(|e| http::unreachable(url, &e))?;
        Ok(Reply { status, body })
    }
}

/// The payload a point carries: the fields recall filters on.
fn payload(tag: Tag) -> Value {
    json!({
        "kind": tag.kind.as_str(),
        "tier": tag.tier.as_str(),
        "provenance": tag.provenance.as_str(),
    })
}

/// A filter as Qdrant `must` conditions.
fn must(filter: &Filter) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cond = |key: &str, value: &str| {
        out.push(json!({ "key": key, "match": { "value": value } }));
    };
    if let Some(k) = filter.kind {
        cond("kind", k.as_str());
    }
    if let Some(t) = filter.tier {
        cond("tier", t.as_str());
    }
    if let Some(p) = filter.provenance {
        cond("provenance", p.as_str());
    }
    out
}

/// A 2xx reply's JSON body; anything else is an error naming the status.
fn ok_json(reply: &Reply, url: &str) -> Result<Value> {
    if !reply.ok() {
        let snippet: String = reply.body.chars().take(200).collect();
        let msg = format!("{url} answered {}: {snippet}", reply.status);
        return Err(if reply.status >= 500 {
            Error::unavailable(msg)
        } else {
            Error::data(msg)
        });
    }
    reply.json(url)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::engram::{Kind, Provenance, Tier};

    #[test]
    fn filters_become_must_conditions() {
        assert!(must(&Filter::default()).is_empty());
        let f = Filter::active()
            .kind(Kind::Strategy)
            .provenance(Provenance::Told);
        assert_eq!(
            Value::Array(must(&f)),
            json!([
                {"key": "kind", "match": {"value": "strategy"}},
                {"key": "tier", "match": {"value": "active"}},
                {"key": "provenance", "match": {"value": "told"}},
            ])
        );
        let tag = Tag {
            kind: Kind::Scar,
            tier: Tier::Archive,
            provenance: Provenance::Inherited,
        };
        assert_eq!(
            payload(tag),
            json!({"kind": "scar", "tier": "archive", "provenance": "inherited"})
        );
    }

    #[test]
    fn an_unreachable_mirror_is_unavailable_and_warns_once() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicU32;
        // A port nobody listens on: bind, learn it, let it go.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let said = Arc::new(AtomicU32::new(0));
        let counter = said.clone();
        let mirror = Mirror::new(
            &format!("http://127.0.0.1:{port}"),
            "c",
            Duration::from_secs(2),
        )
        .with_warn(Box::new(move |_| {
            counter.fetch_add(1, Ordering::Relaxed);
        }));
        let err = mirror.ensure(8).unwrap_err();
        assert_eq!(err.code(), 69);
        mirror.give_up(&err);
        mirror.give_up(&err);
        mirror.warn_once("again");
        assert!(mirror.is_down());
        assert_eq!(said.load(Ordering::Relaxed), 1);
    }
}
