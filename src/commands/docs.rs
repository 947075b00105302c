//! Generated documentation: shell completions and one reference page per subcommand, both
//! from the clap definitions. The committed copies in `completions/` and `commands/` are
//! checked against these by a test, and rewritten with `WIS_UPDATE_DOCS=1 cargo test`.

use clap_complete::Shell;

/// The completion script for a shell.
pub fn completion(shell: Shell) -> String {
    let mut cmd = crate::commands::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "wis", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The committed completion files: (file name, contents).
pub fn completion_files() -> Vec<(String, String)> {
    vec![
        ("wis.bash".into(), completion(Shell::Bash)),
        ("_wis".into(), completion(Shell::Zsh)),
        ("wis.fish".into(), completion(Shell::Fish)),
    ]
}

/// One Markdown page per subcommand (nested ones as `group-sub.md`), plus an index.
pub fn reference_pages() -> Vec<(String, String)> {
    let root = crate::commands::command();
    let mut pages = Vec::new();
    let mut index = String::from(
        "# wis command reference\n\nGenerated from the command definitions; do not edit by hand.\n\n",
    );
    index.push_str(&format!(
        "{}\n\n",
        root.get_long_about()
            .or(root.get_about())
            .map(|s| s.to_string())
            .unwrap_or_default()
    ));
    index.push_str("## Global options\n\n");
    index.push_str(&options(&root, true));
    index.push_str("\n## Environment\n\n");
    for (var, what) in crate::base::env::DOCUMENTED {
        index.push_str(&format!("- `{var}`: {what}\n"));
    }
    index.push_str(
        "- `WIS_<SECTION>_<KEY>`: any wis.toml key, e.g. `WIS_LLM_URL` (see `wis config show`)\n",
    );
    index.push_str("\n## Commands\n\n");
    collect(&root, &[], &mut pages, &mut index);
    pages.push(("README.md".into(), index));
    pages.sort();
    pages
}

fn collect(
    cmd: &clap::Command,
    path: &[&str],
    pages: &mut Vec<(String, String)>,
    index: &mut String,
) {
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        let mut full: Vec<&str> = path.to_vec();
        full.push(sub.get_name());
        let file = format!("{}.md", full.join("-"));
        let about = sub.get_about().map(|s| s.to_string()).unwrap_or_default();
        index.push_str(&format!("- [`wis {}`]({file}): {about}\n", full.join(" ")));
        pages.push((file, page(sub, &full)));
        collect(sub, &full, pages, index);
    }
}

fn page(cmd: &clap::Command, path: &[&str]) -> String {
    let mut out = format!("# wis {}\n\n", path.join(" "));
    let about = cmd
        .get_long_about()
        .or(cmd.get_about())
        .map(|s| s.to_string())
        .unwrap_or_default();
    out.push_str(&format!("{about}\n\n"));
    let mut usage = cmd.clone().bin_name(format!("wis {}", path.join(" ")));
    out.push_str(&format!(
        "```\n{}\n```\n\n",
        usage
            .render_usage()
            .to_string()
            .trim_start_matches("Usage: ")
    ));
    let subs: Vec<_> = cmd
        .get_subcommands()
        .filter(|s| s.get_name() != "help")
        .collect();
    if !subs.is_empty() {
        out.push_str("## Subcommands\n\n");
        for s in subs {
            let file = format!("{}-{}.md", path.join("-"), s.get_name());
            out.push_str(&format!(
                "- [`{}`]({file}): {}\n",
                s.get_name(),
                s.get_about().map(|a| a.to_string()).unwrap_or_default()
            ));
        }
        out.push('\n');
    }
    let opts = options(cmd, false);
    if !opts.is_empty() {
        out.push_str("## Arguments and options\n\n");
        out.push_str(&opts);
        out.push('\n');
    }
    out.push_str("Global options (`--home`, `--wait`, `--output-format`, `--config`, `--quiet`) apply too; see [the index](README.md).\n");
    out
}

fn options(cmd: &clap::Command, globals: bool) -> String {
    let mut out = String::new();
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if id == "help" || id == "version" || arg.is_global_set() != globals {
            continue;
        }
        let name = match (arg.get_long(), arg.get_short()) {
            (Some(l), Some(s)) => format!("-{s}, --{l}"),
            (Some(l), None) => format!("--{l}"),
            (None, Some(s)) => format!("-{s}"),
            (None, None) => format!("<{}>", id.to_uppercase()),
        };
        let value = match arg.get_value_names() {
            Some(names) if arg.get_long().is_some() && arg.get_action().takes_values() => {
                format!(
                    " {}",
                    names
                        .iter()
                        .map(|n| format!("<{n}>"))
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            }
            _ => String::new(),
        };
        let help = arg
            .get_long_help()
            .or(arg.get_help())
            .map(|h| h.to_string())
            .unwrap_or_default();
        let possible: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        let mut help = help.replace('\n', " ");
        if !help.ends_with('.') {
            help.push('.');
        }
        let mut line = format!("- `{name}{value}`: {help}");
        if !possible.is_empty() && arg.get_action().takes_values() {
            line.push_str(&format!(" One of: {}.", possible.join(", ")));
        }
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|d| d.to_string_lossy().into_owned())
            .collect();
        if !defaults.is_empty() && !arg.is_hide_default_value_set() {
            line.push_str(&format!(" Default: `{}`.", defaults.join(",")));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}
