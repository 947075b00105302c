use super::*;

fn flag(key: &str, value: &str) -> Override {
    Override {
        key: key.into(),
        value: value.into(),
        origin: format!("--config {key}={value}"),
    }
}

#[test]
fn template_defaults_equal_code_defaults() {
    let text = template::uncomment(false);
    let parsed: Config = toml::from_str(&text).expect("uncommented template parses");
    assert_eq!(parsed, Config::default());
}

#[test]
fn template_names_every_key_of_the_defaults() {
    let defaults = toml::Value::try_from(Config::default()).unwrap();
    let keys = known_keys();
    for (section, body) in defaults.as_table().unwrap() {
        for (key, value) in body.as_table().unwrap() {
            if !value.is_table() {
                assert!(
                    keys.contains_key(&format!("{section}.{key}")),
                    "{section}.{key}"
                );
            }
        }
    }
    // and the optional examples are accepted keys
    let full: Config = toml::from_str(&template::uncomment(true)).expect("examples parse");
    assert!(full.llm.url.is_some());
}

#[test]
fn the_written_template_loads_as_defaults() {
    let config = Config::from_layers(Some(TEMPLATE), "wis.toml", &[]).unwrap();
    assert_eq!(config, Config::default());
}

#[test]
fn unknown_key_is_named() {
    let err = Config::from_layers(Some("[context]\nn_ctxx = 5\n"), "wis.toml", &[]).unwrap_err();
    assert_eq!(err.code(), 78);
    assert!(err.message.contains("n_ctxx"), "{}", err.message);
    assert!(err.message.contains("line 2"), "{}", err.message);
    let err = Config::from_layers(Some("[nope]\n"), "wis.toml", &[]).unwrap_err();
    assert!(err.message.contains("nope"), "{}", err.message);
}

#[test]
fn overrides_beat_file_and_coerce_types() {
    let file = "[llm]\nmodel = \"a\"\n[wisdom]\nrecall_enabled = false\n";
    let config = Config::from_layers(
        Some(file),
        "wis.toml",
        &[
            flag("llm.model", "b"),
            flag("wisdom.recall_enabled", "true"),
            flag("llm.url", "http://x/v1"),
        ],
    )
    .unwrap();
    assert_eq!(config.llm.model, "b");
    assert!(config.wisdom.recall_enabled);
    assert_eq!(config.llm.url.as_deref(), Some("http://x/v1"));
}

#[test]
fn bad_override_value_and_unknown_override_key() {
    let err = Config::from_layers(None, "wis.toml", &[flag("context.n_ctx", "lots")]).unwrap_err();
    assert!(err.message.contains("lots"));
    let err = Config::from_layers(None, "wis.toml", &[flag("llm.colour", "x")]).unwrap_err();
    assert!(err.message.contains("llm.colour"));
}

#[test]
fn preset_32k_fills_unset_keys_and_explicit_keys_win() {
    let config = Config::from_layers(
        Some("[context]\npreset = \"32k\"\nstream_max_chars = 1000\n"),
        "f",
        &[],
    )
    .unwrap();
    assert_eq!(config.context.n_ctx, 32_768);
    assert_eq!(config.context.max_total_chars, 76_000);
    assert_eq!(config.context.stream_max_chars, 1000);
    assert_eq!(config.wisdom.block_max_chars, 1400);
}

#[test]
fn incoherent_file_is_exit_78() {
    let err = Config::from_layers(Some("[context]\nn_ctx = 4096\n"), "f", &[]).unwrap_err();
    assert_eq!(err.code(), 78);
    assert!(err.message.contains("4096"));
}

#[test]
fn env_names_are_derived() {
    assert_eq!(env_var_name("llm.url"), "WIS_LLM_URL");
    assert_eq!(
        env_var_name("wisdom.recall_min_sim"),
        "WIS_WISDOM_RECALL_MIN_SIM"
    );
}

/// A `[wisdom]` key wis does not know (a feature not built, a misspelling) is refused with 78
/// wherever it is set, naming the key and where it was set; it is never accepted silently.
#[test]
fn an_unknown_wisdom_key_is_refused_wherever_it_is_set() {
    let text = "[wisdom]\nrecall_enabled = true\ngossip_enabled = true\n";
    let err = Config::from_layers(Some(text), "wis.toml", &[]).unwrap_err();
    assert_eq!(err.code(), 78, "{}", err.message);
    assert!(err.message.contains("gossip_enabled"), "{}", err.message);
    assert!(err.message.contains("line 3"), "{}", err.message);
    let err = Config::from_layers(None, "wis.toml", &[flag("wisdom.gossip_enabled", "true")])
        .unwrap_err();
    assert_eq!(err.code(), 78, "{}", err.message);
    assert!(
        err.message.contains("wisdom.gossip_enabled"),
        "{}",
        err.message
    );
    let built = Config::from_layers(Some("[wisdom]\nrecall_enabled = true\n"), "wis.toml", &[]);
    assert!(built.unwrap().wisdom.recall_enabled);
}

/// The gate follows the embedder unless someone set it: the local model's similarity scale is
/// not the built-in one's.
#[test]
fn recall_min_sim_defaults_to_the_embedders_gate_and_a_set_value_wins() {
    assert_eq!(
        Config::default().wisdom.recall_min_sim,
        EmbedBackend::Hash.recall_min_sim()
    );
    let local = "[embed]\nbackend = \"local\"\n";
    let config = Config::from_layers(Some(local), "wis.toml", &[]).unwrap();
    assert_eq!(config.embed.backend, EmbedBackend::Local);
    assert_eq!(config.wisdom.recall_min_sim, 0.6);
    let by_flag = Config::from_layers(None, "f", &[flag("embed.backend", "local")]).unwrap();
    assert_eq!(by_flag.wisdom.recall_min_sim, 0.6);
    let set = format!("{local}[wisdom]\nrecall_min_sim = 0.5\n");
    let config = Config::from_layers(Some(&set), "wis.toml", &[]).unwrap();
    assert_eq!(config.wisdom.recall_min_sim, 0.5);
    let flagged = Config::from_layers(Some(local), "f", &[flag("wisdom.recall_min_sim", "0.7")]);
    assert_eq!(flagged.unwrap().wisdom.recall_min_sim, 0.7);
    let hash = Config::from_layers(Some("[embed]\nbackend = \"hash\"\n"), "f", &[]).unwrap();
    assert_eq!(hash, Config::default());
    let err = Config::from_layers(Some("[embed]\nbackend = \"bert\"\n"), "f", &[]).unwrap_err();
    assert_eq!(err.code(), 78, "{}", err.message);
}

#[test]
fn the_local_backend_reads_its_model_path() {
    let text = "[embed]\nbackend = \"local\"\nmodel_path = \"/srv/models/m\"\n";
    let config = Config::from_layers(Some(text), "wis.toml", &[]).unwrap();
    assert_eq!(
        config.embed.model_path.as_deref(),
        Some(std::path::Path::new("/srv/models/m"))
    );
}
