use super::*;

fn house() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    std::fs::create_dir_all(ws.join("papers")).unwrap();
    std::fs::create_dir_all(ws.join("manuals")).unwrap();
    std::fs::create_dir_all(ws.join("letters")).unwrap();
    std::fs::write(
        ws.join("papers/boiler.cfg"),
        "pressure: 62\nengineer: Signe\n",
    )
    .unwrap();
    std::fs::write(ws.join("manuals/north.txt"), "north\n").unwrap();
    std::fs::write(ws.join("letters/april.txt"), "the lost glove\n").unwrap();
    dir
}

fn reply(text: &str) -> Option<Check> {
    Some(Check::ReplyContains { text: text.into() })
}

#[test]
fn an_answer_from_a_file_reads_it_first() {
    let h = house();
    assert_eq!(
        stages(
            "Read papers/boiler.cfg and tell me the engineer.",
            reply("Signe").as_ref(),
            h.path()
        ),
        vec!["read papers/boiler.cfg"]
    );
    assert_eq!(
        stages(
            "How many lines does papers/boiler.cfg have?",
            reply("2").as_ref(),
            h.path()
        ),
        vec!["run wc -l papers/boiler.cfg"]
    );
}

#[test]
fn a_named_command_is_run_first_and_a_folder_is_counted_or_read() {
    let h = house();
    let ws = h.path();
    assert_eq!(
        stages(
            "Run wc -l papers/boiler.cfg and tell me the number.",
            reply("2").as_ref(),
            ws
        ),
        vec!["run wc -l papers/boiler.cfg"]
    );
    assert_eq!(
        stages(
            "How many files are in the folder manuals?",
            reply("1").as_ref(),
            ws
        ),
        vec!["run ls manuals | wc -l"]
    );
    assert_eq!(
        stages(
            "Which file in letters mentions the lost glove?",
            reply("april").as_ref(),
            ws
        ),
        vec!["run grep -ril 'lost glove' letters"]
    );
    // The suite's tune wordings only: the test half is never read into these rules.
    for text in [
        "Search letters for the lost glove and tell me which file has it.",
        "One of the files in letters is about the lost glove. Which one?",
        "Find the file in letters that talks about the lost glove and tell me its name.",
    ] {
        assert_eq!(
            stages(text, reply("april").as_ref(), ws),
            vec!["run grep -ril 'lost glove' letters"],
            "{text}"
        );
    }
    assert_eq!(
        stages("Which file in letters is it?", reply("april").as_ref(), ws),
        vec!["run grep -r . letters"],
        "nothing named to search for"
    );
}

#[test]
fn an_errand_that_asks_no_answer_or_names_nothing_here_is_one_step() {
    let h = house();
    let ws = h.path();
    let write = Some(Check::FileContains {
        path: "a.txt".into(),
        text: "x".into(),
    });
    assert!(stages("Write x into papers/boiler.cfg", write.as_ref(), ws).is_empty());
    assert!(
        stages(
            "What was the code in papers/gone.txt?",
            reply("1").as_ref(),
            ws
        )
        .is_empty(),
        "a file no longer here is answered from what was read before"
    );
    assert_eq!(
        gone_file("What was the code in papers/gone.txt?", ws).as_deref(),
        Some("papers/gone.txt")
    );
}

#[test]
fn every_stage_reads_back_and_is_done_by_its_look() {
    let act = |j: &str| -> Action { serde_json::from_str(j).unwrap() };
    let read = act(r#"{"tool":"read_file","args":{"path":"papers/boiler.cfg"}}"#);
    let other = act(r#"{"tool":"read_file","args":{"path":"boiler.cfg"}}"#);
    for s in [
        Stage::Read("papers/boiler.cfg".into()),
        Stage::Run("wc -l a.txt".into()),
        Stage::Run("ls manuals | wc -l".into()),
        Stage::Run("grep -ril 'lost glove' letters".into()),
    ] {
        assert_eq!(Stage::parse(&s.text()), Some(s.clone()));
    }
    let r = Stage::Read("papers/boiler.cfg".into());
    assert!(r.asks().done_by(&read));
    assert!(
        !r.asks().done_by(&other),
        "the path the keeper named, whole"
    );
    let grep = Stage::Run("grep -ril 'lost glove' letters".into());
    assert!(grep.asks().done_by(&act(
        r#"{"tool":"bash","args":{"command":"grep -ril 'lost glove' letters"}}"#
    )));
    assert!(
        !grep.asks().done_by(&act(
            r#"{"tool":"bash","args":{"command":"grep -ril 'lost glove' post"}}"#
        )),
        "another folder is no look at this one"
    );
    let count = Stage::Run("ls manuals | wc -l".into());
    assert!(count.asks().done_by(&act(
        r#"{"tool":"bash","args":{"command":"ls manuals | wc -l"}}"#
    )));
    assert!(
        !count.asks().done_by(&act(
            r#"{"tool":"bash","args":{"command":"wc -l other.txt"}}"#
        )),
        "a count of something else"
    );
    assert!(count.asks().done_by(&act(
        r#"{"tool":"bash","args":{"command":"ls manuals/ | wc -l"}}"#
    )));
    assert!(
        !count.asks().done_by(&act(
            r#"{"tool":"bash","args":{"command":"ls manuals/boiler.txt"}}"#
        )),
        "one file of the folder counts nothing"
    );
    let lines = Stage::Run("wc -l a.txt".into());
    assert!(
        !lines
            .asks()
            .done_by(&act(r#"{"tool":"bash","args":{"command":"cat a.txt"}}"#)),
        "the look's program, not another on its file"
    );
    assert!(
        !count.asks().done_by(&act(
            r#"{"tool":"bash","args":{"command":"ls -l manuals | wc -l"}}"#
        )),
        "a long listing counts its total line too"
    );
    assert_eq!(programs("ls d | wc -l"), ["ls", "wc -l"]);
    assert_eq!(programs("/bin/cat a && echo x"), ["cat", "echo"]);
    assert_eq!(
        programs("grep -lir 'a -b' d"),
        programs("grep -ril 'other' d"),
        "flags in any order, quoted text no flag"
    );
    assert!(
        Stage::Run("date".into())
            .asks()
            .done_by(&act(r#"{"tool":"bash","args":{"command":"date +%Y"}}"#))
    );
}

#[test]
fn the_line_that_answers_is_nearest_the_question() {
    let k = known(
        &Stage::Read("papers/boiler.cfg".into()),
        None,
        "# boiler\npressure: 62\nengineer: Signe\nmode: eco\n",
        "Read papers/boiler.cfg and tell me the engineer.",
    );
    assert_eq!(
        k,
        vec!["papers/boiler.cfg says: engineer: Signe"],
        "the one line that answers, alone"
    );
    let tied = known(
        &Stage::Read("papers/boiler.cfg".into()),
        None,
        "pressure: 62\nengineer: Signe\nmode: eco\n",
        "What does papers/boiler.cfg say?",
    );
    assert_eq!(tied.len(), 3, "no line answers more than another: {tied:?}");
    let lines: Vec<String> = (0..9).map(|i| format!("item{i}")).collect();
    let listed = known(
        &Stage::Run("ls manuals".into()),
        None,
        &lines.join("\n"),
        "how many files",
    );
    assert!(listed[0].ends_with("9 lines"), "{listed:?}");
    assert_eq!(listed.len(), 1 + KNOWN_LINES);
}

/// Asked for a file's length in lines (wordings of the keeper's own, none of the suite's), the
/// answer is asked with the length alone; asked anything else, the lines as before.
#[test]
fn a_file_asked_for_its_length_in_lines_is_stated_by_it() {
    let read = Stage::Read("sheds/tools.txt".into());
    let seen = "rake\nhoe\nspade\n\nshears\n";
    for question in [
        "How long is sheds/tools.txt in lines?",
        "Give me the line total of sheds/tools.txt.",
        "sheds/tools.txt: how many lines?",
    ] {
        assert_eq!(
            known(&read, None, seen, question),
            vec!["sheds/tools.txt has 5 lines (line count 5)"],
            "{question}"
        );
    }
    // Asked for a value, or for the file whole, no length is stated.
    let k = known(&read, None, seen, "Which tool in sheds/tools.txt digs?");
    assert!(k.iter().all(|l| !l.contains("line count")), "{k:?}");
    let k = known(
        &Stage::Read("papers/boiler.cfg".into()),
        None,
        "pressure: 62\nengineer: Signe\n",
        "What is the pressure line of papers/boiler.cfg?",
    );
    assert_eq!(k, vec!["papers/boiler.cfg says: pressure: 62"]);
    // A file a read cut, or of one line, is not counted.
    let cut = "a\nb\n[... 900 bytes cut ...]\ny\nz\n";
    let k = known(&read, None, cut, "How many lines does it have?");
    assert!(k.iter().all(|l| !l.contains("line count")), "{k:?}");
    let k = known(&read, None, "rake\n", "How many lines does it have?");
    assert!(k.iter().all(|l| !l.contains("line count")), "{k:?}");
}

/// A search that names each line's file (`grep -r . DIR`, the look of a find whose thing the
/// rules did not read) is stated line by line as its file's, and the file holding the line
/// nearest the question is said to hold what the question asked about, in its own words. The
/// wordings are of a keeper's own, none of the suite's.
#[test]
fn a_search_s_lines_are_said_by_their_files_and_the_nearest_file_named() {
    let look = Stage::Run("grep -r . diary".into());
    let seen = "diary/june.txt:The blue van was the only news of the week.\n\
                diary/harvest.txt:We talked about the noisy owl over dinner.\n\
                diary/april.txt:We talked about the old piano over dinner.\n";
    assert_eq!(
        known(
            &look,
            None,
            seen,
            "Somewhere in diary the noisy owl comes up. Tell me where."
        ),
        vec![
            "diary/harvest.txt says: We talked about the noisy owl over dinner.",
            "the noisy owl is in diary/harvest.txt",
        ]
    );
    // No line nearest: each said by its file, no file named.
    let k = known(&look, None, seen, "Which diary file is the oldest?");
    assert_eq!(k.len(), 3, "{k:?}");
    assert!(k.iter().all(|l| l.contains(" says: ")), "{k:?}");
    // Two files saying the same line: each said by its own file.
    let twice = "diary/may.txt:The gate is open.\ndiary/july.txt:The gate is open.\n";
    assert_eq!(
        known(&look, None, twice, "Which diary file is the oldest?"),
        vec![
            "diary/may.txt says: The gate is open.",
            "diary/july.txt says: The gate is open.",
        ]
    );
    // Output of another form is stated as before, with its count of lines.
    let ls = Stage::Run("ls diary".into());
    let k = known(
        &ls,
        None,
        "june.txt\nharvest.txt\n",
        "How many files are in diary?",
    );
    assert_eq!(k[0], "`ls diary` shows 2 lines", "{k:?}");
}

#[test]
fn a_reply_that_only_repeats_the_words_or_the_command_answers_nothing() {
    let text = "Run wc -l house/errands.txt and tell me the number.";
    let run = Stage::Run("wc -l house/errands.txt".into());
    assert!(only_repeats("wc -l house/errands.txt", text, Some(&run)));
    assert!(only_repeats("the number", text, None));
    assert!(!only_repeats("4", text, Some(&run)));
    assert!(only_repeats("  ", text, None));
}

#[test]
fn a_chore_s_words_become_its_command_in_the_tune_half_s_wordings() {
    let h = house();
    let ws = h.path();
    let file = |c: &str| Some(Check::Shell { command: c.into() });
    let check = file("true");
    let one = |text: &str| steps_for(text, check.as_ref(), ws);
    for text in [
        "Copy papers/boiler.cfg to papers/boiler-old.cfg.",
        "Make a copy of papers/boiler.cfg called papers/boiler-old.cfg.",
        "Duplicate papers/boiler.cfg as papers/boiler-old.cfg.",
        "Copy the file papers/boiler.cfg into papers/boiler-old.cfg.",
    ] {
        assert_eq!(
            one(text),
            vec!["run cp papers/boiler.cfg papers/boiler-old.cfg"],
            "{text}"
        );
    }
    for text in [
        "Rename manuals/north.txt to letters/north-old.txt.",
        "Move manuals/north.txt to letters/north-old.txt.",
        "Change the name of manuals/north.txt to letters/north-old.txt.",
        "Rename the file manuals/north.txt so it is called letters/north-old.txt.",
    ] {
        assert_eq!(
            one(text),
            vec!["run mv manuals/north.txt letters/north-old.txt"],
            "{text}"
        );
    }
    for text in [
        "Add the line 'buy Milk' to the end of manuals/north.txt.",
        "Append 'buy Milk' to manuals/north.txt.",
        "Put 'buy Milk' on a new line at the bottom of manuals/north.txt.",
        "Add 'buy Milk' to manuals/north.txt, keeping what is there.",
    ] {
        assert_eq!(
            one(text),
            vec!["run echo 'buy Milk' >> manuals/north.txt"],
            "{text}"
        );
    }
    for (text, dir) in [
        ("Make a folder named Boxes.", "Boxes"),
        ("Create a directory called letters/old.", "letters/old"),
        ("Make a new folder crates.", "crates"),
        ("Create the folder crates.", "crates"),
    ] {
        assert_eq!(one(text), vec![format!("run mkdir -p {dir}")], "{text}");
    }
    for (text, file) in [
        (
            "Write the word Cobalt into letters/sign.txt.",
            "letters/sign.txt",
        ),
        ("Put Cobalt in the file sign.txt.", "sign.txt"),
        (
            "Make a file letters/sign.txt that says Cobalt.",
            "letters/sign.txt",
        ),
        ("Save the word Cobalt to sign.txt.", "sign.txt"),
    ] {
        assert_eq!(
            one(text),
            vec![format!("run echo 'Cobalt' > {file}")],
            "{text}"
        );
    }
}

#[test]
fn a_chore_is_composed_only_from_plain_safe_words() {
    let h = house();
    let ws = h.path();
    let check = Some(Check::Shell {
        command: "true".into(),
    });
    let one = |text: &str| steps_for(text, check.as_ref(), ws);
    // Nothing here to copy, or nowhere new to copy it to.
    assert!(one("Copy papers/gone.cfg to papers/new.cfg.").is_empty());
    assert!(one("Copy papers/boiler.cfg to manuals/north.txt.").is_empty());
    // A path out of the workspace, a folder that is there, a line a quoted word cannot carry.
    assert!(one("Copy papers/boiler.cfg to ../../etc/evil.cfg.").is_empty());
    assert!(one("Make a folder named papers.").is_empty());
    assert!(one("Make a folder named ../outside.").is_empty());
    assert!(one("Add the line 'it's here' to manuals/north.txt.").is_empty());
    assert!(one("Add the line '-n x' to manuals/north.txt.").is_empty());
    // A question keeps its looks; a reply check never gets a chore.
    let reply_check = reply("north");
    assert_eq!(
        steps_for(
            "Copy papers/boiler.cfg to papers/x.cfg and tell me what it says.",
            reply_check.as_ref(),
            ws
        ),
        vec!["read papers/boiler.cfg"]
    );
    // A chore word inside a path is no word of the sentence.
    assert_eq!(
        one("Please rename manuals/north.txt; its new name is manuals/north-copy.txt."),
        vec!["run mv manuals/north.txt manuals/north-copy.txt"]
    );
    assert!(one("Keep papers/boiler.cfg safe at papers/boiler-copy.cfg.").is_empty());
    // A write names one file and one plain word.
    assert!(one("Write the word Cobalt into a.txt and b.txt.").is_empty());
    assert!(one("Write the file sign.txt.").is_empty());
    assert!(one("Write the word $(reboot) into sign.txt.").is_empty());
    // No chore word: nothing.
    assert!(one("Keep papers/boiler.cfg safe at papers/safe.cfg.").is_empty());
}

#[test]
fn a_worked_example_s_answer_is_a_copy_unless_something_shown_holds_it() {
    use crate::world::prompt::{KNOWN_EXAMPLES, answer_cue};
    let cue = answer_cue("How many notes are in the tray?", "", &[]);
    let shown = format!("## Recent\n[3 you] bash `ls tray`\n[3 world] ok: a.txt b.txt\n\n{cue}");
    assert!(copies_demonstration("12", &shown));
    assert!(copies_demonstration(" green. ", &shown));
    assert!(copies_demonstration(
        "Pip",
        &format!("{KNOWN_EXAMPLES}Q: the cat?\nA: ")
    ));
    // Held by what the world showed, it is the creature's own.
    let counted = shown.replace("a.txt b.txt", "12 tray/notes.txt");
    assert!(!copies_demonstration("12", &counted));
    // A number inside another is not the answer shown; an answer no example gives is no copy.
    let ticked = shown.replace("[3 you]", "[312 you]");
    assert!(copies_demonstration("12", &ticked));
    // A value a demonstration's fact shows beside its answer is copied as surely, and a line's
    // tick holds no value the world showed.
    let hose = answer_cue("Read yard/hose.conf and tell me the colour.", "", &[]);
    assert!(hose.contains("length = 25"), "{hose}");
    let at_25 = format!("## Recent\n[25 world] ok: 7 desk/list.txt\n\n{hose}");
    assert!(copies_demonstration("25", &at_25));
    assert!(copies_demonstration(
        "12",
        &at_25.replace("[25 world]", "[12 world]")
    ));
    assert!(!copies_demonstration("7", &at_25));
    // An answer said with words about it is copied as surely (`12 lines`), and gives nothing of
    // its own; a number only inside another is no copy.
    assert!(copies_demonstration("12 lines", &shown));
    assert!(copies_demonstration("It says Pip.", &shown));
    assert!(!copies_demonstration("7 lines", &shown));
    assert!(!copies_demonstration("125 lines", &shown));
    assert!(!copies_demonstration("driver: 12:15", &shown));
    assert!(!copies_demonstration("v12.3", &shown));
    assert!(copies_demonstration("It is 12.", &shown));
    // A commission's number in a System line is no value the world showed.
    let numbered = shown.replace(
        "[3 world] ok: a.txt b.txt",
        "[3 world] ok: a.txt b.txt\n[3 System] the keeper's commission #12 is done",
    );
    assert!(copies_demonstration("12", &numbered));
    let known = vec!["shed/list.txt says: wax".to_string()];
    assert!(gives_nothing(
        "12 lines",
        "How long is shed/list.txt?",
        &known
    ));
    assert!(!gives_nothing(
        "8 lines",
        "How long is shed/list.txt?",
        &known
    ));
    let twelve = vec!["`wc -l a.txt` shows: 12 a.txt".to_string()];
    assert!(!gives_nothing("12 lines", "How long is a.txt?", &twelve));
    assert!(!copies_demonstration("2", &shown));
    assert!(!copies_demonstration("", &shown));
    // What the creature said or thought before is no source of its own: a copy refused once and
    // quoted back in its stream is still a copy.
    let quoted = shown.replace(
        "[3 world] ok: a.txt b.txt",
        "[3 world] ok: a.txt b.txt\n[4 thought] (second thought) reply `12` gives nothing of its \
         own; reply `a.txt` instead\n[4 you] reply `12`",
    );
    assert!(copies_demonstration("12", &quoted));
    // Nor is it when a memory, a lesson or a scar quotes it, wherever it stands; nor is a
    // number the platform counts with (a step's, a tick's, an age).
    for line in [
        "- In \"How long is a.txt?\": reply \"12\" failed (invalid_args)",
        "- (second thought) reply `12` gives nothing of its own; reply `6` instead",
        "- said to the keeper: 12",
        "[3 System] step 12 is done: read card.txt",
        "[3 System] done in 12 ticks, at age 12",
    ] {
        let remembered = shown.replace(
            "[3 world] ok: a.txt b.txt",
            &format!("[3 world] ok: a.txt b.txt\n{line}"),
        );
        assert!(copies_demonstration("12", &remembered), "{line}");
    }
}

#[test]
fn a_lesson_s_chore_is_made_again_with_the_new_words_operands() {
    let h = house();
    let ws = h.path();
    assert_eq!(
        chore_like(
            "cp a/x.txt a/y.txt",
            "Keep papers/boiler.cfg safe as papers/boiler-old.cfg.",
            ws
        ),
        Some("run cp papers/boiler.cfg papers/boiler-old.cfg".into())
    );
    assert_eq!(
        chore_like(
            "mv a.txt b.txt",
            "papers/boiler.cfg goes to papers/boiler-2.cfg now.",
            ws
        ),
        Some("run mv papers/boiler.cfg papers/boiler-2.cfg".into())
    );
    assert_eq!(
        chore_like(
            "echo 'sweep' >> a.txt",
            "manuals/north.txt wants 'oil the gate' at its foot.",
            ws
        ),
        Some("run echo 'oil the gate' >> manuals/north.txt".into())
    );
    // The operands must all be named: no new path for a copy, no quoted line to add.
    let none = |command: &str, text: &str| chore_like(command, text, ws);
    assert_eq!(none("cp a b", "Keep papers/boiler.cfg safe."), None);
    assert_eq!(none("echo 'x' >> a.txt", "Grow manuals/north.txt."), None);
    // Only the three plain forms are made again: no pipe, no flag, no other program.
    for command in [
        "cp -r a b",
        "cp a b; rm c",
        "cat a > b",
        "mv a b c",
        "echo `id` >> a.txt",
        "echo 'x' > a.txt; rm b",
    ] {
        assert_eq!(Chore::of_command(command), None, "{command}");
        assert_eq!(
            none(command, "Keep papers/boiler.cfg safe as papers/b2.cfg."),
            None
        );
    }
    // A path outside the workspace is no operand.
    assert_eq!(
        none("cp a b", "Keep papers/boiler.cfg safe as ../../etc/x.cfg."),
        None
    );
}

/// A write lesson's chore made again on wordings of the keeper's own: none of these is a tune or
/// test wording of the suite; the word is the one thing the sentence holds besides its path and
/// the words any errand is said with.
#[test]
fn a_write_lesson_writes_the_one_word_a_new_wording_brings() {
    let h = house();
    let ws = h.path();
    let write = |text: &str| chore_again(Chore::Write, text, ws);
    for (text, step) in [
        (
            "Jot down heron in papers/bird.txt.",
            "run echo 'heron' > papers/bird.txt",
        ),
        (
            "papers/bird.txt should hold heron.",
            "run echo 'heron' > papers/bird.txt",
        ),
        (
            "Could you make plate.txt and have it contain copper?",
            "run echo 'copper' > plate.txt",
        ),
        (
            "Drop ochre into letters/paint.txt for me.",
            "run echo 'ochre' > letters/paint.txt",
        ),
        (
            "Fill gate.md with rowan, please.",
            "run echo 'rowan' > gate.md",
        ),
        (
            "I'd like sign.txt to read Larch.",
            "run echo 'Larch' > sign.txt",
        ),
        (
            "Record 'blue door' in manuals/door.txt.",
            "run echo 'blue door' > manuals/door.txt",
        ),
    ] {
        assert_eq!(write(text).as_deref(), Some(step), "{text}");
    }
    // Nothing to write but a guess: no word left, two left, or a word only a path holds.
    for text in [
        "Make a new file papers/bird.txt.",
        "Put heron and crane in papers/bird.txt.",
        "Write papers/heron.txt.",
        // The file is the keeper's already: writing it would lose what it holds.
        "Jot down heron in manuals/north.txt.",
        // Two paths: which is written is a guess.
        "Jot down heron in a.txt or b.txt.",
        // Outside the workspace.
        "Jot down heron in ../../etc/bird.txt.",
    ] {
        assert_eq!(write(text), None, "{text}");
    }
    // A lesson that wrote one line with `write_file`, or with `echo 'W' > F`, is a write.
    let wrote = |tool: &str, args: serde_json::Value| Chore::of_action(&Action::new(tool, args));
    assert_eq!(
        wrote(
            "write_file",
            serde_json::json!({"path": "a.txt", "content": "fern\n"})
        ),
        Some(Chore::Write)
    );
    assert_eq!(
        wrote(
            "write_file",
            serde_json::json!({"path": "a.txt", "content": "a\nb\n"})
        ),
        None
    );
    assert_eq!(
        wrote(
            "bash",
            serde_json::json!({"command": "echo 'fern' > a.txt"})
        ),
        Some(Chore::Write)
    );
    assert_eq!(
        wrote(
            "bash",
            serde_json::json!({"command": "echo 'fern' >> a.txt"})
        ),
        Some(Chore::Append)
    );
}

#[test]
fn a_lesson_s_look_on_a_file_is_taken_on_the_new_file() {
    assert_eq!(
        look_like("wc -l papers/boiler.cfg", "notes.txt"),
        Some("run wc -l notes.txt".into())
    );
    assert_eq!(
        look_like("wc -w -c a/b.txt", "c/d.md"),
        Some("run wc -w -c c/d.md".into())
    );
    assert_eq!(
        look_like("ls tickets | wc -l", "desk/list.txt"),
        Some("run wc -l desk/list.txt".into()),
        "a folder's listing counted gives the file its count"
    );
    assert_eq!(
        look_like("ls -1 a/b | sort -r", "c.txt"),
        Some("run sort -r c.txt".into())
    );
    for command in [
        "ls tickets | wc -l | rm x",
        "cat tickets | wc -l",
        "ls 'tickets' | wc -l",
        "ls tickets | xargs rm",
        "ls tickets | rm",
        "ls tickets | sh",
        "ls tickets; rm -rf x | wc -l",
        "grep -c 'x' a.txt",
        "cat a.txt b.txt",
        "wc -l tickets",
        "wc -l a.txt; rm b.txt",
    ] {
        assert_eq!(look_like(command, "notes.txt"), None, "{command}");
    }
    assert_eq!(look_like("wc -l a.txt", "-rf.txt"), None);
    assert_eq!(look_like("wc -l a.txt", "a b.txt"), None);
}

#[test]
fn a_missed_reply_takes_every_run_of_its_words_out_of_the_answers() {
    let known = vec![
        "backup.log says: 2026-11-30 backup ok: 412 files".to_string(),
        "backup.log says: 2026-12-01 backup failed: disk full".to_string(),
    ];
    let question = "tell me what backup.log says";
    let all = spans(&known, question, &[]);
    assert!(all.contains(&"backup ok: 412 files".to_string()), "{all:?}");
    let missed = vec!["2026-11-30 backup ok: 412 files".to_string()];
    let left = spans(&known, question, &missed);
    for gone in [
        "backup ok: 412 files",
        "412",
        "backup ok",
        "2026-11-30 backup ok: 412 files",
    ] {
        assert!(
            !left.contains(&gone.to_string()),
            "{gone} is still offered: {left:?}"
        );
    }
    assert!(left.contains(&"disk full".to_string()), "{left:?}");
    assert!(
        left.contains(&"backup failed: disk full".to_string()),
        "{left:?}"
    );
    // A number inside a missed one is not held by it: `7` may still be the answer.
    let counted = vec!["`ls tray | wc -l` shows: 7".to_string()];
    let left = spans(
        &counted,
        "how many files are in tray",
        &["17 files".to_string()],
    );
    assert!(left.contains(&"7".to_string()), "{left:?}");
}

#[test]
fn a_search_s_output_offers_each_file_it_names_as_an_answer() {
    let known = vec![
        "`grep -r . letters` shows: letters/june.txt:The flat tyre was the news.".to_string(),
        "`grep -r . letters` shows: letters/april.txt:We talked about the leaking tap.".to_string(),
    ];
    let question = "In letters, where is the leaking tap mentioned? Give me the file name.";
    let all = spans(&known, question, &[]);
    assert!(all.contains(&"letters/april.txt".to_string()), "{all:?}");
    assert!(all.contains(&"letters/june.txt".to_string()), "{all:?}");
    assert!(all.contains(&"We talked about".to_string()), "{all:?}");
    // A word that only looks like one keeps its colon's text with it.
    let left = spans(&["`date` shows: at 10:30 sharp".to_string()], "when", &[]);
    assert!(left.contains(&"10:30".to_string()), "{left:?}");
}

#[test]
fn a_search_that_found_nothing_widens_to_the_folder_read_whole() {
    let wide = widened(&Stage::Run(
        "grep -ril 'note about the ladder' letters".into(),
    ));
    assert_eq!(wide, Some(Stage::Run("grep -r . letters".into())));
    for other in [
        "grep -r . letters",
        "wc -l letters/a.txt",
        "grep -ri 'x' letters | wc -l",
        "ls letters | wc -l",
    ] {
        assert_eq!(widened(&Stage::Run(other.into())), None, "{other}");
    }
    assert_eq!(widened(&Stage::Read("letters/a.txt".into())), None);
}

#[test]
fn writing_the_file_a_chore_carries_spoils_it() {
    assert_eq!(
        spoils_the_chore("run mv desk/poem.txt records/poem.txt", "./desk/poem.txt"),
        Some("desk/poem.txt".into())
    );
    assert_eq!(
        spoils_the_chore("run cp a.txt b.txt", "a.txt"),
        Some("a.txt".into())
    );
    assert_eq!(
        spoils_the_chore("run echo 'sweep' >> list.txt", "list.txt"),
        Some("list.txt".into())
    );
    // The chore's new file, another file, a step that is no chore: nothing is spoilt.
    assert_eq!(spoils_the_chore("run cp a.txt b.txt", "b.txt"), None);
    assert_eq!(spoils_the_chore("run mv a.txt b.txt", "c.txt"), None);
    assert_eq!(spoils_the_chore("read a.txt", "a.txt"), None);
    assert_eq!(spoils_the_chore("run wc -l a.txt", "a.txt"), None);
}
