//! A Qdrant stand-in: collections of points with payloads, cosine query with `must`
//! filters, in the REST shapes of REFERENCE.md ("Qdrant REST").

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::server::{Request, Server};

#[derive(Debug, Default)]
pub struct Collection {
    pub size: usize,
    pub points: BTreeMap<u64, (Vec<f32>, Value)>,
}

#[derive(Debug, Default)]
pub struct State {
    pub collections: HashMap<String, Collection>,
    /// `METHOD path` of every request, in order.
    pub log: Vec<String>,
}

pub struct Qdrant {
    pub server: Server,
    pub state: Arc<Mutex<State>>,
}

impl Qdrant {
    pub fn start() -> Qdrant {
        let state = Arc::new(Mutex::new(State::default()));
        let shared = state.clone();
        let server = Server::start(Box::new(move |req| {
            let mut st = shared.lock().unwrap();
            st.log.push(format!("{} {}", req.method, req.path));
            handle(&mut st, req)
        }));
        Qdrant { server, state }
    }

    pub fn url(&self) -> String {
        self.server.url.clone()
    }

    pub fn stop(&mut self) {
        self.server.stop();
    }

    /// How many points a collection holds (0 when it does not exist).
    pub fn points(&self, collection: &str) -> usize {
        let st = self.state.lock().unwrap();
        st.collections.get(collection).map_or(0, |c| c.points.len())
    }

    /// Requests whose `METHOD path` contains `needle`.
    pub fn requests(&self, needle: &str) -> usize {
        let st = self.state.lock().unwrap();
        st.log.iter().filter(|l| l.contains(needle)).count()
    }
}

fn ok(result: Value) -> (u16, String) {
    (
        200,
        json!({ "result": result, "status": "ok", "time": 0.0 }).to_string(),
    )
}

fn error(status: u16, why: &str) -> (u16, String) {
    (
        status,
        json!({ "status": { "error": why }, "time": 0.0 }).to_string(),
    )
}

fn handle(st: &mut State, req: &Request) -> (u16, String) {
    let parts: Vec<&str> = req.path.trim_matches('/').split('/').collect();
    let body: Value = serde_json::from_str(&req.body).unwrap_or(Value::Null);
    match (req.method.as_str(), parts.as_slice()) {
        ("GET", ["collections", c]) => match st.collections.get(*c) {
            None => error(404, &format!("Collection `{c}` doesn't exist!")),
            Some(col) => ok(json!({
                "status": "green",
                "points_count": col.points.len(),
                "config": { "params": { "vectors": { "size": col.size, "distance": "Cosine" } } },
            })),
        },
        ("PUT", ["collections", c]) => {
            if st.collections.contains_key(*c) {
                return error(409, &format!("Collection `{c}` already exists!"));
            }
            let size = body.pointer("/vectors/size").and_then(Value::as_u64);
            let distance = body.pointer("/vectors/distance").and_then(Value::as_str);
            match (size, distance) {
                (Some(size), Some("Cosine")) => {
                    st.collections.insert(
                        c.to_string(),
                        Collection {
                            size: size as usize,
                            points: BTreeMap::new(),
                        },
                    );
                    ok(json!(true))
                }
                _ => error(400, "vectors.size and distance Cosine expected"),
            }
        }
        ("DELETE", ["collections", c]) => ok(json!(st.collections.remove(*c).is_some())),
        ("PUT", ["collections", c, "points"]) => {
            let Some(col) = st.collections.get_mut(*c) else {
                return error(404, "no such collection");
            };
            if req.query != "wait=true" {
                return ok(json!({ "operation_id": 0, "status": "acknowledged" }));
            }
            let Some(points) = body.get("points").and_then(Value::as_array) else {
                return error(400, "points expected");
            };
            for p in points {
                let id = p.get("id").and_then(Value::as_u64);
                let vector: Option<Vec<f32>> = p
                    .get("vector")
                    .and_then(|v| serde_json::from_value(v.clone()).ok());
                match (id, vector) {
                    (Some(id), Some(v)) if v.len() == col.size => {
                        let payload = p.get("payload").cloned().unwrap_or(json!({}));
                        col.points.insert(id, (v, payload));
                    }
                    _ => return error(400, "Wrong input: Vector dimension error"),
                }
            }
            ok(json!({ "operation_id": 1, "status": "completed" }))
        }
        ("POST", ["collections", c, "points", "query"]) => {
            let Some(col) = st.collections.get(*c) else {
                return error(404, "no such collection");
            };
            query(col, &body)
        }
        _ => error(404, "no such route"),
    }
}

fn query(col: &Collection, body: &Value) -> (u16, String) {
    let Some(q) = body
        .get("query")
        .and_then(|v| serde_json::from_value::<Vec<f32>>(v.clone()).ok())
    else {
        return error(400, "query vector expected");
    };
    if q.len() != col.size {
        return error(400, "Wrong input: Vector dimension error");
    }
    let limit = body.get("limit").and_then(Value::as_u64).unwrap_or(10) as usize;
    let must: Vec<(String, Value)> = body
        .pointer("/filter/must")
        .and_then(Value::as_array)
        .map(|conds| {
            conds
                .iter()
                .map(|c| {
                    let key = c["key"].as_str().unwrap_or_default().to_string();
                    (
                        key,
                        c.pointer("/match/value").cloned().unwrap_or(Value::Null),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let norm = |v: &[f32]| {
        v.iter()
            .map(|x| x * x)
            .sum::<f32>()
            .sqrt()
            .max(f32::MIN_POSITIVE)
    };
    let qn = norm(&q);
    let mut scored: Vec<(u64, f32, &Value)> = col
        .points
        .iter()
        .filter(|(_, (_, payload))| must.iter().all(|(k, v)| payload.get(k) == Some(v)))
        .map(|(id, (v, payload))| {
            let dot: f32 = v.iter().zip(&q).map(|(a, b)| a * b).sum();
            (*id, dot / (norm(v) * qn), payload)
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.truncate(limit);
    let points: Vec<Value> = scored
        .into_iter()
        .map(|(id, score, payload)| json!({ "id": id, "version": 0, "score": score, "payload": payload }))
        .collect();
    ok(json!({ "points": points }))
}
