//! Memory against stand-in services: the Qdrant mirror and an OpenAI-compatible embeddings
//! server.

mod embed_http;
mod qdrant;
