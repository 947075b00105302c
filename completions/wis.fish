# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_wis_global_optspecs
    string join \n home= wait= output-format= c/config= q/quiet h/help V/version
end

function __fish_wis_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_wis_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_wis_using_subcommand
    set -l cmd (__fish_wis_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c wis -n "__fish_wis_needs_command" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_needs_command" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_needs_command" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_needs_command" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_needs_command" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_needs_command" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_needs_command" -f -a "init" -d 'Birth a creature in a home'
complete -c wis -n "__fish_wis_needs_command" -f -a "tick" -d 'Live one heartbeat: a work, rumination or sleep turn'
complete -c wis -n "__fish_wis_needs_command" -f -a "sleep" -d 'Run the sleep turn now, show what it would do, or show a receipt'
complete -c wis -n "__fish_wis_needs_command" -f -a "replay" -d 'Replay recorded failures with verified fixes, and closed predictions, against the model; score, never execute'
complete -c wis -n "__fish_wis_needs_command" -f -a "curate" -d 'Judge memory by its utility record now, as sleep does (`[wisdom] curation_enabled`)'
complete -c wis -n "__fish_wis_needs_command" -f -a "status" -d 'Show the creature: the keeper\'s figures first (done rate and ticks to done, per kind), then age, level, sleep pressure, body, store'
complete -c wis -n "__fish_wis_needs_command" -f -a "report" -d 'Write the growth report: one self-contained HTML page that shows whether the creature is getting wiser'
complete -c wis -n "__fish_wis_needs_command" -f -a "pause" -d 'Pause the creature: ticks do nothing until `wis resume`'
complete -c wis -n "__fish_wis_needs_command" -f -a "resume" -d 'Resume a paused creature'
complete -c wis -n "__fish_wis_needs_command" -f -a "check" -d 'Check the store: redb integrity and wis\'s invariants (exit 65 when damaged)'
complete -c wis -n "__fish_wis_needs_command" -f -a "config" -d 'Inspect and validate the configuration'
complete -c wis -n "__fish_wis_needs_command" -f -a "curve" -d 'The experience curve: battery scores against the creature\'s age, per arm'
complete -c wis -n "__fish_wis_needs_command" -f -a "unlock" -d 'The body, unit by unit: list what is granted, held and locked; grant what is earned'
complete -c wis -n "__fish_wis_needs_command" -f -a "news" -d 'News for the operator: units granted or held, quests issued, passed, failed'
complete -c wis -n "__fish_wis_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c wis -n "__fish_wis_needs_command" -f -a "memory" -d 'What the creature remembers: list, show, search, stats, add, restore, reembed, mirror'
complete -c wis -n "__fish_wis_needs_command" -f -a "mind" -d 'The model the creature thinks with: serve keeps the embedded model resident between ticks'
complete -c wis -n "__fish_wis_needs_command" -f -a "cachectl" -d 'CultCache files: export and import the store, project and verify any file'
complete -c wis -n "__fish_wis_needs_command" -f -a "reflex" -d 'Reflexes: actions promoted from streaks of successes and fired below the model: list, show, scan, arm, disarm'
complete -c wis -n "__fish_wis_needs_command" -f -a "commission" -d 'The keeper\'s channel: give the creature work, confirm or reject what it did'
complete -c wis -n "__fish_wis_needs_command" -f -a "inbox" -d 'What the creature said to you: its replies, and the commission each answers'
complete -c wis -n "__fish_wis_needs_command" -f -a "cast" -d 'A cast: creatures sharing one machine and model server, taking turns by one initiative law: init, add, remove, arena, object, organ, tick, status, log, review, export, check'
complete -c wis -n "__fish_wis_needs_command" -f -a "suite" -d 'The commission suite: draw a house and the keeper\'s errands from a seed, and summarize the lives that did them (per kind, first half against second, wise against dark)'
complete -c wis -n "__fish_wis_needs_command" -f -a "legacy" -d 'Lineage: export the creature\'s validated corpus as a heirloom volume, import volumes into a newborn, show the generational metrics'
complete -c wis -n "__fish_wis_needs_command" -f -a "workspace" -d 'The workspace\'s history: earlier versions of the files the creature changed or deleted, kept so nothing of yours is lost: history, restore'
complete -c wis -n "__fish_wis_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand init" -l seed -d 'Genome seed; the same seed gives the same creature. Random (and recorded) when absent' -r
complete -c wis -n "__fish_wis_using_subcommand init" -l name -d 'Name the creature instead of drawing a name' -r
complete -c wis -n "__fish_wis_using_subcommand init" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand init" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand init" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand init" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand init" -l force -d 'Birth anew over an existing creature, archiving its store and workspace under archive/ first (wis.toml is kept)'
complete -c wis -n "__fish_wis_using_subcommand init" -l dark -d 'Birth without wisdom: the wis.toml written has every [wisdom] flag commented out (off), as the compiled defaults are. Without it, the newborn\'s wis.toml turns the wisdom loop on, each flag explained, and leaves arming reflexes to you'
complete -c wis -n "__fish_wis_using_subcommand init" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand init" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand tick" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand tick" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand tick" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand tick" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand tick" -l dry-run -d 'Print the prompt and the action schema this tick would send; call nothing, write nothing'
complete -c wis -n "__fish_wis_using_subcommand tick" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand tick" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand tick" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -l dry-run -d 'Print what each job would do, and write nothing'
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -f -a "show" -d 'Print a sleep\'s receipt: the last one, or sleep N\'s'
complete -c wis -n "__fish_wis_using_subcommand sleep; and not __fish_seen_subcommand_from show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print a sleep\'s receipt: the last one, or sleep N\'s'
complete -c wis -n "__fish_wis_using_subcommand sleep; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -l batch -d 'Episodes to replay [default: `[wisdom] replay_batch`]' -r
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -l seed -d 'The draw\'s seed (recorded with the report) [default: the clock in milliseconds]' -r
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -l dry-run -d 'Show what would be drawn and the prompts; ask nothing, write nothing'
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -f -a "history" -d 'Show every recorded replay: counts, learned rate, seed; --plot draws the rate as SVG'
complete -c wis -n "__fish_wis_using_subcommand replay; and not __fish_seen_subcommand_from history help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -l plot -d 'Also draw the learned rate per replay as an SVG into FILE (replaced atomically)' -r -F
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from history" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from help" -f -a "history" -d 'Show every recorded replay: counts, learned rate, seed; --plot draws the rate as SVG'
complete -c wis -n "__fish_wis_using_subcommand replay; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand curate" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand curate" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand curate" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand curate" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand curate" -l dry-run -d 'Print what curation would change, and write nothing'
complete -c wis -n "__fish_wis_using_subcommand curate" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand curate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand curate" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand status" -l window -d 'Turns the life\'s figures look back over' -r
complete -c wis -n "__fish_wis_using_subcommand status" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand status" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand status" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand status" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand status" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand status" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand report" -l out -d 'Write the page to FILE (replaced atomically: readers see the old page or the new, never half; not synced, so publishing it from cron costs the disk nothing) instead of stdout' -r -F
complete -c wis -n "__fish_wis_using_subcommand report" -l cast -d 'Report on the cast in DIR (`cast.toml`, `cast.redb`) instead of one creature: its members, each linking to ID.html beside the page (write each with `wis --home HOME report --out ID.html`), the initiative order and the turn timeline' -r -F
complete -c wis -n "__fish_wis_using_subcommand report" -l since -d 'Show history from this tick on only: the life\'s figures over the turns since it, curve points, replays, sleeps and demotions from then [default: the life\'s figures over the last 300 turns, as `wis status`, and the rest as far as the store keeps it]' -r
complete -c wis -n "__fish_wis_using_subcommand report" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand report" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand report" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand report" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand report" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand report" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand report" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand pause" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand pause" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand pause" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand pause" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand pause" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand pause" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand pause" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand resume" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand resume" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand resume" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand resume" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand resume" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand resume" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand check" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand check" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand check" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand check" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand check" -l repair -d 'First set aside every document that does not decode and move everything in quarantine out of the store, into `<home>/quarantine/<time>/` (the raw bytes and an index.jsonl saying what each was and why), then check'
complete -c wis -n "__fish_wis_using_subcommand check" -l schemas -d 'Also validate every stored document that has a published JSON Schema (the `schemas/` folder of the source, built into wis): the heartbeat state (wis.persona.v1), the pending turn (wis.lease.v1) and the sleep receipts (wis.sleep_receipt.v1), each projected to JSON as `wis cachectl project` writes it. Says per type how many were checked and, for each that fails, the path of the failing value; 65 when any fails. A cast\'s schedule, receipts, appraisals and proposals: `wis cast check --schemas`'
complete -c wis -n "__fish_wis_using_subcommand check" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand check" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -f -a "check" -d 'Validate the configuration; when the model server answers, compare the budgets with the window it actually serves'
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -f -a "show" -d 'Print the effective configuration (defaults < wis.toml < WIS_* < --config) as TOML, each key with where its value came from'
complete -c wis -n "__fish_wis_using_subcommand config; and not __fish_seen_subcommand_from check show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -l offline -d 'Do not contact the model server or load the embedded model'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from check" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "check" -d 'Validate the configuration; when the model server answers, compare the budgets with the window it actually serves'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print the effective configuration (defaults < wis.toml < WIS_* < --config) as TOML, each key with where its value came from'
complete -c wis -n "__fish_wis_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -f -a "run" -d 'Run the frozen battery on every arm and record a curve point per arm, with its compute'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -f -a "show" -d 'Print the curve as a table: one row per creature age, one column per arm; then each arm\'s compute and the wise arm against naive-large'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -f -a "plot" -d 'Draw the curve as an SVG: score against creature age, one line per arm, the crossing of wise-small over naive-large marked'
complete -c wis -n "__fish_wis_using_subcommand curve; and not __fish_seen_subcommand_from run show plot help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l battery -d 'The battery file [default: [curve] battery]' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l arm -d 'Run only this arm [default: every arm in [curve.arms]]' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l out -d 'Also append each arm\'s result to this JSON Lines file' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l min-score -d 'With --arm: exit 1 when that arm\'s mean task score (0 to 1) is below this' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l min-gain -d 'Exit 1 unless the arm with live memory beats the arm without memory on the same model by at least this much (mean task score, paired over the tasks) with a 95% interval wholly above 0' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -l out -d 'Where to write the SVG (replaced atomically)' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from plot" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run the frozen battery on every arm and record a curve point per arm, with its compute'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print the curve as a table: one row per creature age, one column per arm; then each arm\'s compute and the wise arm against naive-large'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from help" -f -a "plot" -d 'Draw the curve as an SVG: score against creature age, one line per arm, the crossing of wise-small over naive-large marked'
complete -c wis -n "__fish_wis_using_subcommand curve; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -f -a "list" -d 'Each unit of the body in ladder order: granted, pending (earned, its organ silent) or locked, with its tools and its evidence'
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -f -a "grant" -d 'Run the milestone adjudicator now and grant what the evidence has earned (idempotent); or grant one unit on the operator\'s authority, recorded as such'
complete -c wis -n "__fish_wis_using_subcommand unlock; and not __fish_seen_subcommand_from list grant help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -l operator -d 'Grant UNIT on the operator\'s authority rather than on evidence'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from grant" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from help" -f -a "list" -d 'Each unit of the body in ladder order: granted, pending (earned, its organ silent) or locked, with its tools and its evidence'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from help" -f -a "grant" -d 'Run the milestone adjudicator now and grant what the evidence has earned (idempotent); or grant one unit on the operator\'s authority, recorded as such'
complete -c wis -n "__fish_wis_using_subcommand unlock; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand news" -s n -l last -d 'How many of the newest items to show' -r
complete -c wis -n "__fish_wis_using_subcommand news" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand news" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand news" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand news" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand news" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand news" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand news" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand completions" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand completions" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand completions" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand completions" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand completions" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand completions" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "add" -d 'Tell the creature something: remembered with provenance `told`'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "list" -d 'List engrams, newest first'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "show" -d 'Show one engram in full'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "search" -d 'Find the engrams most similar to a text (what the creature\'s recall would see)'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "recall" -d 'What the "Before you act" block would show now: cases, dead ends, guardrails'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "stats" -d 'Counts by tier, kind and provenance; the embedder, the caps and the mirror'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "restore" -d 'Bring an archived engram back to the active tier'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "reembed" -d 'Re-embed every engram whose vector another embedder made (after changing [embed])'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "mirror" -d 'Show the Qdrant mirror, or rebuild it from the store'
complete -c wis -n "__fish_wis_using_subcommand memory; and not __fish_seen_subcommand_from add list show search recall stats restore reembed mirror help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -l kind -d 'What kind of engram it is' -r -f -a "episodic\t'A situation lived: what was done and how it ended'
semantic\t'General knowledge distilled from many episodes'
strategy\t'A strategy guardrail: an imperative the creature should follow in a situation'
procedure\t'How to do something, step by step'
fact\t'A plain fact about the world'
scar\t'An error scar: something that failed, kept so it is not repeated'
musing\t'A passing thought'
dream\t'What a dream compressed during sleep'
relationship\t'Who another is to the creature: a member of its cast, the keeper'
goal\t'Something the creature means to bring about'
value\t'A standing value: what the creature holds important, whatever the step'
appraisal\t'A judgement of how a turn or a scene went against the creature\'s goals'
lore\t'The told world: what the creature was told of its world. Recalled as facts are'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -l source -d 'A further source reference to record (repeatable), e.g. `--source runbook:pump`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -l kind -d 'Only engrams of this kind' -r -f -a "episodic\t'A situation lived: what was done and how it ended'
semantic\t'General knowledge distilled from many episodes'
strategy\t'A strategy guardrail: an imperative the creature should follow in a situation'
procedure\t'How to do something, step by step'
fact\t'A plain fact about the world'
scar\t'An error scar: something that failed, kept so it is not repeated'
musing\t'A passing thought'
dream\t'What a dream compressed during sleep'
relationship\t'Who another is to the creature: a member of its cast, the keeper'
goal\t'Something the creature means to bring about'
value\t'A standing value: what the creature holds important, whatever the step'
appraisal\t'A judgement of how a turn or a scene went against the creature\'s goals'
lore\t'The told world: what the creature was told of its world. Recalled as facts are'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -l provenance -d 'Only engrams of this provenance' -r -f -a "experienced\t'The creature lived it: adjudicated by its own outcomes'
told\t'An operator told it (`wis memory add`)'
inherited\t'An ancestor left it (heirlooms): a rumour until this creature verifies it'
keeper\t'The keeper said it, rejecting an errand\'s answer: a correction, judged like what the creature was told'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -l tier -d 'Which tier to list' -r -f -a "active\t'Active engrams only'
archive\t'Archived engrams only'
any\t'Both tiers'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -s n -l limit -d 'Most engrams to show' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -l kind -d 'Only engrams of this kind' -r -f -a "episodic\t'A situation lived: what was done and how it ended'
semantic\t'General knowledge distilled from many episodes'
strategy\t'A strategy guardrail: an imperative the creature should follow in a situation'
procedure\t'How to do something, step by step'
fact\t'A plain fact about the world'
scar\t'An error scar: something that failed, kept so it is not repeated'
musing\t'A passing thought'
dream\t'What a dream compressed during sleep'
relationship\t'Who another is to the creature: a member of its cast, the keeper'
goal\t'Something the creature means to bring about'
value\t'A standing value: what the creature holds important, whatever the step'
appraisal\t'A judgement of how a turn or a scene went against the creature\'s goals'
lore\t'The told world: what the creature was told of its world. Recalled as facts are'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -l provenance -d 'Only engrams of this provenance' -r -f -a "experienced\t'The creature lived it: adjudicated by its own outcomes'
told\t'An operator told it (`wis memory add`)'
inherited\t'An ancestor left it (heirlooms): a rumour until this creature verifies it'
keeper\t'The keeper said it, rejecting an errand\'s answer: a correction, judged like what the creature was told'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -l tier -d 'Which tier to search' -r -f -a "active\t'Active engrams only'
archive\t'Archived engrams only'
any\t'Both tiers'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -s k -l top -d 'How many engrams to return' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from search" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -l step -d 'The step to look up, instead of the plan\'s current step' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from recall" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from stats" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from restore" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from reembed" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -l rebuild -d 'Drop the collection and upsert every current vector from the store'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from mirror" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "add" -d 'Tell the creature something: remembered with provenance `told`'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "list" -d 'List engrams, newest first'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one engram in full'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "search" -d 'Find the engrams most similar to a text (what the creature\'s recall would see)'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "recall" -d 'What the "Before you act" block would show now: cases, dead ends, guardrails'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "stats" -d 'Counts by tier, kind and provenance; the embedder, the caps and the mirror'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "restore" -d 'Bring an archived engram back to the active tier'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "reembed" -d 'Re-embed every engram whose vector another embedder made (after changing [embed])'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "mirror" -d 'Show the Qdrant mirror, or rebuild it from the store'
complete -c wis -n "__fish_wis_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -f -a "serve" -d 'Keep the embedded model loaded for this home\'s ticks, so a tick does not load it'
complete -c wis -n "__fish_wis_using_subcommand mind; and not __fish_seen_subcommand_from serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -l idle -d 'End after this many seconds without a call (0: serve until stopped)' -r
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from serve" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Keep the embedded model loaded for this home\'s ticks, so a tick does not load it'
complete -c wis -n "__fish_wis_using_subcommand mind; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -f -a "project" -d 'Print a CultCache file as JSON: one object per record (vectors left out)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -f -a "export" -d 'Write the creature\'s store as a CultCache v1 snapshot'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -f -a "import" -d 'Read a CultCache file into the creature\'s store: every record or none'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -f -a "verify" -d 'Check a CultCache file: structure, catalog, payloads (exit 65 when it fails)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and not __fish_seen_subcommand_from project export import verify help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -l out -d 'Write one JSON file per record under DIR (DIR/<type>/<key>.json and DIR/index.json) instead of JSON Lines on stdout; `-` is stdout' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -l keep-vectors -d 'Keep vectors (long arrays of fractional numbers) instead of leaving them out'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from project" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -l out -d 'Where to write the snapshot (replaced atomically); `-` writes it to stdout' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from import" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from verify" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from help" -f -a "project" -d 'Print a CultCache file as JSON: one object per record (vectors left out)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write the creature\'s store as a CultCache v1 snapshot'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from help" -f -a "import" -d 'Read a CultCache file into the creature\'s store: every record or none'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from help" -f -a "verify" -d 'Check a CultCache file: structure, catalog, payloads (exit 65 when it fails)'
complete -c wis -n "__fish_wis_using_subcommand cachectl; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -f -a "list" -d 'Every reflex: id, situation, action, streak, status, fired/failed, last firing; and the ticks resolved below the model per day'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -f -a "show" -d 'One reflex: its trigger (situation and guards), action, provenance (the streak\'s episodes and their outcomes), who armed it and when, its record'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -f -a "scan" -d 'Run the promotion scan now over the episodes since the last scan'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -f -a "arm" -d 'Arm a proposed or disarmed reflex on the operator\'s word (never past `[wisdom] reflex_max_armed`: exit 65 naming the armed ones)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -f -a "disarm" -d 'Disarm a reflex on the operator\'s word'
complete -c wis -n "__fish_wis_using_subcommand reflex; and not __fish_seen_subcommand_from list show scan arm disarm help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -l status -d 'Only reflexes in this status: proposed, armed, disarmed, demoted or inherited' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -l dry-run -d 'Write nothing: the cursor does not move and nothing is proposed'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from scan" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -l guard -d 'A guard over typed stats, `path op value` (e.g. `skills.live >= 1`): the reflex fires only while it holds' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from arm" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from disarm" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from help" -f -a "list" -d 'Every reflex: id, situation, action, streak, status, fired/failed, last firing; and the ticks resolved below the model per day'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from help" -f -a "show" -d 'One reflex: its trigger (situation and guards), action, provenance (the streak\'s episodes and their outcomes), who armed it and when, its record'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from help" -f -a "scan" -d 'Run the promotion scan now over the episodes since the last scan'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from help" -f -a "arm" -d 'Arm a proposed or disarmed reflex on the operator\'s word (never past `[wisdom] reflex_max_armed`: exit 65 naming the armed ones)'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from help" -f -a "disarm" -d 'Disarm a reflex on the operator\'s word'
complete -c wis -n "__fish_wis_using_subcommand reflex; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "add" -d 'Give the creature work: it becomes its next step, ahead of its own plan, shown in its prompt as your words'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "list" -d 'The commissions on the desk (open, rejected, waiting for you), or every one kept'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "show" -d 'One commission whole: its check, status, ticks spent, the episodes that worked on it, the creature\'s reply, your rejections'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "confirm" -d 'Confirm what the creature did: the commission is finished and paid (one a reflex answered below the model is finished, but pays and counts nothing)'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "reject" -d 'Say it is not done, and why: the commission goes back to the creature with your words'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "drop" -d 'Take a commission back'
complete -c wis -n "__fish_wis_using_subcommand commission; and not __fish_seen_subcommand_from add list show confirm reject drop help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -l check -d 'How wis knows it is done, written exactly as one of: `file PATH exists`, `file PATH contains TEXT`, `command CMD` (exits 0 in the sandbox, run by wis), `reply contains TEXT` (the creature\'s reply to this commission, case ignored), or a stat condition such as `skills.live >= 1`. Without it, the commission waits for your confirmation' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -l due-ticks -d 'Ticks it may take; past them it expires' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -l kind -d 'The kind of errand (`value`, `write`, `count`…: lowercase letters, digits and dashes): `wis status` and the report give the done rate per kind, and what the creature learned doing one is recalled for the next of its kind' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -l all -d 'Every commission kept (done, confirmed, dropped, expired too)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from confirm" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from reject" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from drop" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "add" -d 'Give the creature work: it becomes its next step, ahead of its own plan, shown in its prompt as your words'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "list" -d 'The commissions on the desk (open, rejected, waiting for you), or every one kept'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "show" -d 'One commission whole: its check, status, ticks spent, the episodes that worked on it, the creature\'s reply, your rejections'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "confirm" -d 'Confirm what the creature did: the commission is finished and paid (one a reflex answered below the model is finished, but pays and counts nothing)'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "reject" -d 'Say it is not done, and why: the commission goes back to the creature with your words'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "drop" -d 'Take a commission back'
complete -c wis -n "__fish_wis_using_subcommand commission; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand inbox" -l since -d 'Only what it said at this tick or later' -r
complete -c wis -n "__fish_wis_using_subcommand inbox" -s n -l last -d 'How many of the newest replies to show' -r
complete -c wis -n "__fish_wis_using_subcommand inbox" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand inbox" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand inbox" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand inbox" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand inbox" -s f -l follow -d 'Keep watching, printing each new reply as it comes (Ctrl-C stops)'
complete -c wis -n "__fish_wis_using_subcommand inbox" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand inbox" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand inbox" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -l dir -d 'The cast\'s directory (`cast.toml`, `cast.redb`) [default: $WIS_CAST]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "init" -d 'Make a cast of existing creatures: `wis cast init DIR --member HOME --member HOME …`'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "add" -d 'Add a creature\'s home to the cast (ready at once on its next cast tick)'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "remove" -d 'Take a member out of the cast, by home or id (a turn in flight completes first)'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "arena" -d 'Move a member on stage (it acts, reacts, speaks) or off stage (rumination and sleep)'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "object" -d 'The things in the scene that those on stage may `use`: add, remove'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "organ" -d 'The maintenance organs (appraiser, mutator): offstage participants under the same law whose turns run in wis, with no model call: add, remove'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "tick" -d 'Play one turn: the one ready participant the initiative law picks'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "status" -d 'The queue: who is next, when each is ready, who is pending, who sleeps, where each one is in the scene, the things there, and the organs'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "log" -d 'The receipts of the latest turns: who, why chosen, arena, kind, start, end, cooldown, the scene action taken, and the organs\' maintenance turns (`appraise`, `mutate`); with `--scene`, the scene\'s lines instead'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "review" -d 'The mutator\'s proposals of standing values, pending first, with the appraisals they rest on; `accept ID` writes one into the member\'s memory, `reject ID` sets it aside'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "export" -d 'Write the cast\'s store as a CultCache v1 snapshot (`wis cachectl project` reads it)'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "check" -d 'Check the cast\'s store: redb\'s integrity and every document (exit 65 when damaged); with `--schemas`, the schedule, the receipts, the appraisals and the proposals against their published JSON Schemas too'
complete -c wis -n "__fish_wis_using_subcommand cast; and not __fish_seen_subcommand_from init add remove arena object organ tick status log review export check help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l member -d 'A member on stage (repeatable)' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l offstage -d 'A member off stage: rumination and sleep only (repeatable)' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l recovery-secs -d 'A participant\'s rest after its turn completes, divided by its initiative speed' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l max-in-flight -d 'Most turns in flight at once' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from init" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -l offstage -d 'Off stage: rumination and sleep only'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from arena" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -f -a "add" -d 'Put a thing in the scene: `wis cast object add lamp "an oil lamp, unlit"`'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -f -a "remove" -d 'Take a thing out of the scene, by name (in any case)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from object" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -f -a "add" -d 'Add a maintenance organ: `wis cast organ add appraiser` (or `mutator`)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -f -a "remove" -d 'Take an organ out of the cast, by kind (a turn in flight completes first); what it recorded (appraisals, proposals) stays in the cast\'s store'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from organ" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -l dry-run -d 'Print who the law picks, why, and the prompt and schema its turn would send; call nothing, write nothing'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from tick" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -s n -l last -d 'How many receipts (or scene lines), newest last' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -l scene -d 'The scene\'s lines instead of the receipts: who did what on stage, in words, as the participants read them in their prompts'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from log" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -l pending -d 'Only the pending proposals'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -f -a "accept" -d 'Accept a proposal: write its value into the member\'s memory'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -f -a "reject" -d 'Reject a proposal: mark it rejected, with a reason'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from review" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -l out -d 'Where to write the snapshot (replaced atomically); `-` writes it to stdout' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -l schemas -d 'Also validate the schedule, every receipt, appraisal and proposal (wis.cast.schedule.v1, wis.cast.receipt.v1, wis.cast.appraisal.v1, wis.cast.proposal.v1) against their published JSON Schemas (`schemas/cast-*.schema.json`, built into wis), each projected to JSON as `wis cachectl project` writes it; the path of any failing value, and 65'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from check" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "init" -d 'Make a cast of existing creatures: `wis cast init DIR --member HOME --member HOME …`'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a creature\'s home to the cast (ready at once on its next cast tick)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Take a member out of the cast, by home or id (a turn in flight completes first)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "arena" -d 'Move a member on stage (it acts, reacts, speaks) or off stage (rumination and sleep)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "object" -d 'The things in the scene that those on stage may `use`: add, remove'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "organ" -d 'The maintenance organs (appraiser, mutator): offstage participants under the same law whose turns run in wis, with no model call: add, remove'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "tick" -d 'Play one turn: the one ready participant the initiative law picks'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "status" -d 'The queue: who is next, when each is ready, who is pending, who sleeps, where each one is in the scene, the things there, and the organs'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "log" -d 'The receipts of the latest turns: who, why chosen, arena, kind, start, end, cooldown, the scene action taken, and the organs\' maintenance turns (`appraise`, `mutate`); with `--scene`, the scene\'s lines instead'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "review" -d 'The mutator\'s proposals of standing values, pending first, with the appraisals they rest on; `accept ID` writes one into the member\'s memory, `reject ID` sets it aside'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write the cast\'s store as a CultCache v1 snapshot (`wis cachectl project` reads it)'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "check" -d 'Check the cast\'s store: redb\'s integrity and every document (exit 65 when damaged); with `--schemas`, the schedule, the receipts, the appraisals and the proposals against their published JSON Schemas too'
complete -c wis -n "__fish_wis_using_subcommand cast; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -f -a "generate" -d 'Draw a house and a stream of the keeper\'s errands from a seed'
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -f -a "summary" -d 'What suite lives came to: per kind, done within the suite\'s ticks and ticks to done; the first half of each stream against the second; with --dark, each wise life against its dark twin, paired errand by errand, with 95% intervals'
complete -c wis -n "__fish_wis_using_subcommand suite; and not __fish_seen_subcommand_from generate summary help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l seed -d 'The seed the house\'s names, paths and values and the errands\' order are drawn from' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l half -d 'Which half of the wordings to draw from: `tune` (prompt work may look at it), `test` (only ever measured) or `all`' -r -f -a "tune\t'What prompt work may look at'
test\t'What is only ever measured'
all\t'Both halves'"
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l count -d 'How many errands, 1 to 100 (the kinds come round in rounds, each once a round)' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l out -d 'Where to write house/ and commissions.txt (a new or empty directory)' -r -F
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from generate" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -l dark -d 'The dark twins of the HOMEs, in the same order (the same seeds and errands with every `[wisdom]` flag off): each pair is compared errand by errand' -r -F
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -l within -d 'Ticks an errand is given: one done later counts as not done' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -l seed -d 'Seed of the bootstrap intervals' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from summary" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from help" -f -a "generate" -d 'Draw a house and a stream of the keeper\'s errands from a seed'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from help" -f -a "summary" -d 'What suite lives came to: per kind, done within the suite\'s ticks and ticks to done; the first half of each stream against the second; with --dark, each wise life against its dark twin, paired errand by errand, with 95% intervals'
complete -c wis -n "__fish_wis_using_subcommand suite; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -f -a "export" -d 'Write the creature\'s validated corpus as a heirloom volume'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -f -a "import" -d 'Import heirloom volumes (and a letter) into a newborn, discounted and to be re-earned'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -f -a "lineage" -d 'The generational metrics: per generation, ticks to U2, ticks to the first passed quest and an arm\'s curve score; as a table, JSON, or an SVG with one line per generation'
complete -c wis -n "__fish_wis_using_subcommand legacy; and not __fish_seen_subcommand_from export import lineage help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -l out -d 'The folder to write the volume in [default: `heirlooms/` in the creature\'s home]' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -l validated -d 'How validated an item must be to be passed on: `settled` (positive utility from its own settlements, every scar, earned reflexes) or `replay` (only what replay showed teaching, and earned reflexes)' -r -f -a "settled\t'Positive settled utility (a fact: at least [`FACT_MIN_UTILITY`]), every scar, earned reflexes'
replay\t'Only what replay showed teaching a past situation, and earned reflexes'"
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -l force -d 'Replace a volume exported earlier the same day'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -l letter -d 'The operator\'s letter: a TOML file of nuggets, imported as told memories' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -l into-living -d 'Import into a creature that has lived (ticks > 0); refused (64) without it'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -l dry-run -d 'Print the merge plan and write nothing'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from import" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -l arm -d 'The curve arm whose score is shown' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -l age -d 'The age (ticks) at which the generations\' scores are compared: each creature\'s curve point nearest it' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -l svg -d 'Also write the plot (score against age, one line per generation) to this SVG file' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from lineage" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write the creature\'s validated corpus as a heirloom volume'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from help" -f -a "import" -d 'Import heirloom volumes (and a letter) into a newborn, discounted and to be re-earned'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from help" -f -a "lineage" -d 'The generational metrics: per generation, ticks to U2, ticks to the first passed quest and an arm\'s curve score; as a table, JSON, or an SVG with one line per generation'
complete -c wis -n "__fish_wis_using_subcommand legacy; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -f -a "history" -d 'List the paths with earlier versions kept, or one path\'s versions'
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -f -a "restore" -d 'Put a file back as an earlier version held it (refused while a turn is in flight)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and not __fish_seen_subcommand_from history restore help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from history" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -l at -d 'The tick whose beginning to go back to [default: the latest version]' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -l home -d 'The creature\'s home directory [default: $WIS_HOME, else `<data dir>/wis/home`]' -r -F
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -l wait -d 'Seconds to wait while another process holds the store, then exit 75' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -l output-format -d 'Output format of reporting commands' -r -f -a "text\t'Lines and tables for people'
json\t'JSON for scripts: one document, or one object per line for streams'"
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -s c -l config -d 'Set a configuration key for this run, over wis.toml and WIS_* variables (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`' -r
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -s q -l quiet -d 'Print only data: no notes, warnings or progress on stderr (errors still)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from restore" -s V -l version -d 'Print version'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from help" -f -a "history" -d 'List the paths with earlier versions kept, or one path\'s versions'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from help" -f -a "restore" -d 'Put a file back as an earlier version held it (refused while a turn is in flight)'
complete -c wis -n "__fish_wis_using_subcommand workspace; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "init" -d 'Birth a creature in a home'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "tick" -d 'Live one heartbeat: a work, rumination or sleep turn'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "sleep" -d 'Run the sleep turn now, show what it would do, or show a receipt'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "replay" -d 'Replay recorded failures with verified fixes, and closed predictions, against the model; score, never execute'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "curate" -d 'Judge memory by its utility record now, as sleep does (`[wisdom] curation_enabled`)'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "status" -d 'Show the creature: the keeper\'s figures first (done rate and ticks to done, per kind), then age, level, sleep pressure, body, store'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "report" -d 'Write the growth report: one self-contained HTML page that shows whether the creature is getting wiser'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "pause" -d 'Pause the creature: ticks do nothing until `wis resume`'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "resume" -d 'Resume a paused creature'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "check" -d 'Check the store: redb integrity and wis\'s invariants (exit 65 when damaged)'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "config" -d 'Inspect and validate the configuration'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "curve" -d 'The experience curve: battery scores against the creature\'s age, per arm'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "unlock" -d 'The body, unit by unit: list what is granted, held and locked; grant what is earned'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "news" -d 'News for the operator: units granted or held, quests issued, passed, failed'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "completions" -d 'Print a shell completion script'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "memory" -d 'What the creature remembers: list, show, search, stats, add, restore, reembed, mirror'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "mind" -d 'The model the creature thinks with: serve keeps the embedded model resident between ticks'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "cachectl" -d 'CultCache files: export and import the store, project and verify any file'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "reflex" -d 'Reflexes: actions promoted from streaks of successes and fired below the model: list, show, scan, arm, disarm'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "commission" -d 'The keeper\'s channel: give the creature work, confirm or reject what it did'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "inbox" -d 'What the creature said to you: its replies, and the commission each answers'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "cast" -d 'A cast: creatures sharing one machine and model server, taking turns by one initiative law: init, add, remove, arena, object, organ, tick, status, log, review, export, check'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "suite" -d 'The commission suite: draw a house and the keeper\'s errands from a seed, and summarize the lives that did them (per kind, first half against second, wise against dark)'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "legacy" -d 'Lineage: export the creature\'s validated corpus as a heirloom volume, import volumes into a newborn, show the generational metrics'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "workspace" -d 'The workspace\'s history: earlier versions of the files the creature changed or deleted, kept so nothing of yours is lost: history, restore'
complete -c wis -n "__fish_wis_using_subcommand help; and not __fish_seen_subcommand_from init tick sleep replay curate status report pause resume check config curve unlock news completions memory mind cachectl reflex commission inbox cast suite legacy workspace help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from sleep" -f -a "show" -d 'Print a sleep\'s receipt: the last one, or sleep N\'s'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from replay" -f -a "history" -d 'Show every recorded replay: counts, learned rate, seed; --plot draws the rate as SVG'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "check" -d 'Validate the configuration; when the model server answers, compare the budgets with the window it actually serves'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "show" -d 'Print the effective configuration (defaults < wis.toml < WIS_* < --config) as TOML, each key with where its value came from'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from curve" -f -a "run" -d 'Run the frozen battery on every arm and record a curve point per arm, with its compute'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from curve" -f -a "show" -d 'Print the curve as a table: one row per creature age, one column per arm; then each arm\'s compute and the wise arm against naive-large'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from curve" -f -a "plot" -d 'Draw the curve as an SVG: score against creature age, one line per arm, the crossing of wise-small over naive-large marked'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from unlock" -f -a "list" -d 'Each unit of the body in ladder order: granted, pending (earned, its organ silent) or locked, with its tools and its evidence'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from unlock" -f -a "grant" -d 'Run the milestone adjudicator now and grant what the evidence has earned (idempotent); or grant one unit on the operator\'s authority, recorded as such'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "add" -d 'Tell the creature something: remembered with provenance `told`'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "list" -d 'List engrams, newest first'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "show" -d 'Show one engram in full'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "search" -d 'Find the engrams most similar to a text (what the creature\'s recall would see)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "recall" -d 'What the "Before you act" block would show now: cases, dead ends, guardrails'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "stats" -d 'Counts by tier, kind and provenance; the embedder, the caps and the mirror'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "restore" -d 'Bring an archived engram back to the active tier'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "reembed" -d 'Re-embed every engram whose vector another embedder made (after changing [embed])'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "mirror" -d 'Show the Qdrant mirror, or rebuild it from the store'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from mind" -f -a "serve" -d 'Keep the embedded model loaded for this home\'s ticks, so a tick does not load it'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cachectl" -f -a "project" -d 'Print a CultCache file as JSON: one object per record (vectors left out)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cachectl" -f -a "export" -d 'Write the creature\'s store as a CultCache v1 snapshot'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cachectl" -f -a "import" -d 'Read a CultCache file into the creature\'s store: every record or none'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cachectl" -f -a "verify" -d 'Check a CultCache file: structure, catalog, payloads (exit 65 when it fails)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from reflex" -f -a "list" -d 'Every reflex: id, situation, action, streak, status, fired/failed, last firing; and the ticks resolved below the model per day'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from reflex" -f -a "show" -d 'One reflex: its trigger (situation and guards), action, provenance (the streak\'s episodes and their outcomes), who armed it and when, its record'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from reflex" -f -a "scan" -d 'Run the promotion scan now over the episodes since the last scan'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from reflex" -f -a "arm" -d 'Arm a proposed or disarmed reflex on the operator\'s word (never past `[wisdom] reflex_max_armed`: exit 65 naming the armed ones)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from reflex" -f -a "disarm" -d 'Disarm a reflex on the operator\'s word'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from commission" -f -a "add" -d 'Give the creature work: it becomes its next step, ahead of its own plan, shown in its prompt as your words'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from commission" -f -a "list" -d 'The commissions on the desk (open, rejected, waiting for you), or every one kept'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from commission" -f -a "show" -d 'One commission whole: its check, status, ticks spent, the episodes that worked on it, the creature\'s reply, your rejections'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from commission" -f -a "confirm" -d 'Confirm what the creature did: the commission is finished and paid (one a reflex answered below the model is finished, but pays and counts nothing)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from commission" -f -a "reject" -d 'Say it is not done, and why: the commission goes back to the creature with your words'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from commission" -f -a "drop" -d 'Take a commission back'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "init" -d 'Make a cast of existing creatures: `wis cast init DIR --member HOME --member HOME …`'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "add" -d 'Add a creature\'s home to the cast (ready at once on its next cast tick)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "remove" -d 'Take a member out of the cast, by home or id (a turn in flight completes first)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "arena" -d 'Move a member on stage (it acts, reacts, speaks) or off stage (rumination and sleep)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "object" -d 'The things in the scene that those on stage may `use`: add, remove'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "organ" -d 'The maintenance organs (appraiser, mutator): offstage participants under the same law whose turns run in wis, with no model call: add, remove'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "tick" -d 'Play one turn: the one ready participant the initiative law picks'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "status" -d 'The queue: who is next, when each is ready, who is pending, who sleeps, where each one is in the scene, the things there, and the organs'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "log" -d 'The receipts of the latest turns: who, why chosen, arena, kind, start, end, cooldown, the scene action taken, and the organs\' maintenance turns (`appraise`, `mutate`); with `--scene`, the scene\'s lines instead'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "review" -d 'The mutator\'s proposals of standing values, pending first, with the appraisals they rest on; `accept ID` writes one into the member\'s memory, `reject ID` sets it aside'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "export" -d 'Write the cast\'s store as a CultCache v1 snapshot (`wis cachectl project` reads it)'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from cast" -f -a "check" -d 'Check the cast\'s store: redb\'s integrity and every document (exit 65 when damaged); with `--schemas`, the schedule, the receipts, the appraisals and the proposals against their published JSON Schemas too'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from suite" -f -a "generate" -d 'Draw a house and a stream of the keeper\'s errands from a seed'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from suite" -f -a "summary" -d 'What suite lives came to: per kind, done within the suite\'s ticks and ticks to done; the first half of each stream against the second; with --dark, each wise life against its dark twin, paired errand by errand, with 95% intervals'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from legacy" -f -a "export" -d 'Write the creature\'s validated corpus as a heirloom volume'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from legacy" -f -a "import" -d 'Import heirloom volumes (and a letter) into a newborn, discounted and to be re-earned'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from legacy" -f -a "lineage" -d 'The generational metrics: per generation, ticks to U2, ticks to the first passed quest and an arm\'s curve score; as a table, JSON, or an SVG with one line per generation'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from workspace" -f -a "history" -d 'List the paths with earlier versions kept, or one path\'s versions'
complete -c wis -n "__fish_wis_using_subcommand help; and __fish_seen_subcommand_from workspace" -f -a "restore" -d 'Put a file back as an earlier version held it (refused while a turn is in flight)'
