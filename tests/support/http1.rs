//! Just enough HTTP/1.1 for a test server: read one request (Content-Length or chunked
//! body, `Expect: 100-continue` honoured), write one response, close. Every read is
//! bounded in size and time, so a misbehaving client cannot hang or exhaust a test.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Most bytes of a request head.
const MAX_HEAD: usize = 64 * 1024;
/// Most bytes of a request body.
const MAX_BODY: usize = 64 * 1024 * 1024;
/// How long a read or a write may block.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// One request as it arrived.
#[derive(Debug, Clone)]
pub struct RawRequest {
    pub method: String,
    /// The request target: path and query.
    pub target: String,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RawRequest {
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn bad(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string())
}

/// Reads one request from a fresh connection.
pub fn read_request(stream: &mut TcpStream) -> std::io::Result<RawRequest> {
    stream.set_read_timeout(Some(READ_TIMEOUT))?;
    stream.set_write_timeout(Some(READ_TIMEOUT))?;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        if buf.len() > MAX_HEAD {
            return Err(bad("request head too large"));
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split_whitespace();
    let (Some(method), Some(target)) = (first.next(), first.next()) else {
        return Err(bad("malformed request line"));
    };
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut request = RawRequest {
        method: method.to_string(),
        target: target.to_string(),
        headers,
        body: Vec::new(),
    };
    if request
        .header("expect")
        .is_some_and(|v| v.eq_ignore_ascii_case("100-continue"))
    {
        stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n")?;
    }
    let rest = buf[head_end + 4..].to_vec();
    let chunked = request
        .header("transfer-encoding")
        .is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    request.body = if chunked {
        read_chunked(rest, stream)?
    } else {
        let len: usize = match request.header("content-length") {
            Some(v) => v.parse().map_err(|_| bad("bad content-length"))?,
            None => 0,
        };
        if len > MAX_BODY {
            return Err(bad("request body too large"));
        }
        let mut body = rest;
        body.truncate(len);
        let missing = len - body.len();
        let mut tail = vec![0u8; missing];
        stream.read_exact(&mut tail)?;
        body.extend_from_slice(&tail);
        body
    };
    Ok(request)
}

fn read_chunked(rest: Vec<u8>, stream: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut reader = BufReader::new(std::io::Cursor::new(rest).chain(stream));
    let mut body = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let size_text = line.trim().split(';').next().unwrap_or_default();
        let size = usize::from_str_radix(size_text, 16).map_err(|_| bad("bad chunk size"))?;
        if body.len() + size > MAX_BODY {
            return Err(bad("request body too large"));
        }
        if size == 0 {
            // Trailers, up to the empty line.
            loop {
                line.clear();
                if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
                    return Ok(body);
                }
            }
        }
        let start = body.len();
        body.resize(start + size, 0);
        reader.read_exact(&mut body[start..])?;
        line.clear();
        reader.read_line(&mut line)?;
    }
}

/// The reason phrase for the statuses tests use.
fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

/// The status line and headers of a response whose body has `len` bytes.
pub fn head(code: u16, content_type: &str, len: usize) -> String {
    format!(
        "HTTP/1.1 {code} {}\r\nContent-Type: {content_type}\r\nContent-Length: {len}\r\n\
         Connection: close\r\n\r\n",
        reason(code)
    )
}

/// Writes a whole response and flushes it.
pub fn write_response(
    stream: &mut TcpStream,
    code: u16,
    content_type: &str,
    body: &[u8],
) -> std::io::Result<()> {
    stream.write_all(head(code, content_type, body.len()).as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}
