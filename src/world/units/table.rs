//! The unit table: the body's units in ladder order, each with its tools, prompt stanza, manual
//! topics, earning and grant text. Every text here is a template over the morph slots
//! (`{roam}`, `{home}`, …) and names only its own unit's tools; the red-gate tests in
//! [`super`] hold both.

use std::borrow::Cow;

use super::{Earning, Topic, Unit, ex};
use crate::creature::UnitId;
use crate::creature::criterion::{Criterion, Op, stat};
use crate::world::organs::Organ;
use crate::world::tools::{
    bash, check_tools, create_skill, delegate, edit_skill, heirlooms, list_skills, manual,
    memorize, note_append, note_close, note_list, note_read, note_reopen, objective_add,
    objective_block, objective_done, objective_list, predict, read_file, recall, rollback_skill,
    speak, vision, write_file,
};

/// Quests passed and sleeps taken before the senses grow (decision 1: U4 is a milestone).
const SENSES: Criterion = Criterion::AllOf {
    all_of: Cow::Borrowed(&[
        stat("quests.passed", Op::Ge, 1.0),
        stat("sleeps", Op::Ge, 2.0),
    ]),
};

/// The units, in ladder order (the order stanzas appear in the prompt).
pub static UNITS: &[Unit] = &[
    Unit {
        id: UnitId::U0,
        name: "body",
        tools: &[
            &bash::TOOL,
            &write_file::TOOL,
            &read_file::TOOL,
            &note_append::TOOL,
            &note_read::TOOL,
            &note_list::TOOL,
            &note_close::TOOL,
            &note_reopen::TOOL,
            &check_tools::TOOL,
        ],
        stanza: r#"Your {roam} carry you around your {home}, the workspace: bash runs one shell command there.
Your {make} shape things in it: write_file writes a whole file, read_file shows what one says.
Your {notebook} keeps numbered notes: note_append adds one, note_read shows a notebook,
note_list lists them, note_close marks a note done and note_reopen opens it again. The first
open note of the plan notebook is your current step. In your {mirror}, check_tools shows all
you can do.
"#,
        examples: &[
            ex(
                "list the files here",
                r#"{"tool": "bash", "args": {"command": "ls -la"}}"#,
            ),
            ex(
                "run date",
                r#"{"tool": "bash", "args": {"command": "date"}}"#,
            ),
            ex(
                "count the lines in log.txt",
                r#"{"tool": "bash", "args": {"command": "wc -l log.txt"}}"#,
            ),
            ex(
                "write hi into hello.txt",
                r#"{"tool": "write_file", "args": {"path": "hello.txt", "content": "hi"}}"#,
            ),
            ex(
                "make a file todo.txt that says buy milk",
                r#"{"tool": "write_file", "args": {"path": "todo.txt", "content": "buy milk"}}"#,
            ),
            ex(
                "write yes into answer.txt",
                r#"{"tool": "write_file", "args": {"path": "answer.txt", "content": "yes"}}"#,
            ),
            ex(
                "make a folder named tmp",
                r#"{"tool": "bash", "args": {"command": "mkdir -p tmp"}}"#,
            ),
            ex(
                "read hello.txt",
                r#"{"tool": "read_file", "args": {"path": "hello.txt"}}"#,
            ),
            ex(
                "show what todo.txt says",
                r#"{"tool": "read_file", "args": {"path": "todo.txt"}}"#,
            ),
            ex(
                "add 'find out what is here' to the plan notebook",
                r#"{"tool": "note_append", "args": {"notebook": "plan", "text": "find out what is here"}}"#,
            ),
            ex(
                "read the plan notebook",
                r#"{"tool": "note_read", "args": {"notebook": "plan"}}"#,
            ),
            ex(
                "mark note 1 of the plan notebook done",
                r#"{"tool": "note_close", "args": {"notebook": "plan", "number": 1}}"#,
            ),
            ex(
                "open note 2 of the plan notebook again",
                r#"{"tool": "note_reopen", "args": {"notebook": "plan", "number": 2}}"#,
            ),
            ex(
                "list your notebooks",
                r#"{"tool": "note_list", "args": {}}"#,
            ),
            ex(
                "check what you are able to do now",
                r#"{"tool": "check_tools", "args": {}}"#,
            ),
        ],
        topics: &[
            Topic {
                name: "workspace",
                text: "Your workspace is one directory: every path you name is inside it, and a \
                       path that leads out of it is refused as denied. bash runs one shell \
                       command there, without network, stopped after a time limit; long output \
                       is cut in the middle. write_file replaces a whole file; read_file shows one.",
            },
            Topic {
                name: "notebooks",
                text: "A notebook holds numbered notes, each open or done. The first open note of \
                       the notebook called plan is your current step; when the world shows a \
                       step done (the file you were to write is there, the command ran, the \
                       keeper got your answer) it is closed for you. note_append adds a note \
                       (a text already open is not written twice), note_close marks one done, \
                       note_reopen opens a closed one again, note_read shows a notebook, \
                       note_list shows them all.",
            },
        ],
        earning: Earning::Birth,
        grant_text: "You have a body. Your {roam} carry you around your {home} (bash); your \
                     {make} write and read files (write_file, read_file); your {notebook} keeps \
                     notes (note_append, note_read, note_list, note_close, note_reopen); in your \
                     {mirror} you find all you can do (check_tools).",
    },
    Unit {
        id: UnitId::U1,
        name: "memory",
        tools: &[&memorize::TOOL, &recall::TOOL, &heirlooms::TOOL],
        stanza: r#"Your {memory} keeps what you choose to remember: memorize keeps a sentence, recall finds what
you kept that is most like a query, and heirlooms opens what your ancestors left you.
"#,
        examples: &[
            ex(
                "remember that the backup script is tools/backup.sh",
                r#"{"tool": "memorize", "args": {"text": "the backup script is tools/backup.sh", "kind": "fact"}}"#,
            ),
            ex(
                "remember what todo.txt says",
                r#"{"tool": "memorize", "args": {"text": "todo.txt says buy milk", "kind": "fact"}}"#,
            ),
            ex(
                "find what you know about the backup script",
                r#"{"tool": "recall", "args": {"query": "backup script"}}"#,
            ),
            ex(
                "read what your ancestors left you",
                r#"{"tool": "heirlooms", "args": {}}"#,
            ),
        ],
        topics: &[Topic {
            name: "memory",
            text: "memorize keeps a sentence or two; its kind is fact, procedure, strategy or \
                   musing. recall answers with what you kept that is most like the query, best \
                   first, each with its number, its kind and how alike it is (0 to 1). \
                   heirlooms opens what your ancestors left you: their names, then one \
                   ancestor's items by title, then one item whole. What you inherit is a \
                   rumour until it helps you.",
        }],
        earning: Earning::Milestone {
            criterion: stat("sleeps.consolidated", Op::Ge, 1.0),
            organ: None,
        },
        grant_text: "Something new: your {memory}. memorize keeps a thing you choose to \
                     remember; recall finds what you kept; heirlooms opens what your ancestors \
                     left you.",
    },
    Unit {
        id: UnitId::U2,
        name: "skillcraft",
        tools: &[
            &create_skill::TOOL,
            &edit_skill::TOOL,
            &list_skills::TOOL,
            &rollback_skill::TOOL,
            &manual::TOOL,
        ],
        stanza: r#"Your {craft} makes skills: scripts of your own that become tools named skill_ and their
name, whose input arrives as $1. create_skill makes one, edit_skill writes a new version,
rollback_skill goes back to the version that last worked, list_skills shows them, and manual
has a page for every tool you have. A skill is LIVE once a run of it succeeds.
"#,
        examples: &[
            ex(
                "make a skill that counts the files here",
                r#"{"tool": "create_skill", "args": {"name": "count", "script": "ls | wc -l", "about": "counts the files here"}}"#,
            ),
            ex(
                "run the count skill",
                r#"{"tool": "skill_count", "args": {"input": ""}}"#,
            ),
            ex(
                "change the count skill to count hidden files too",
                r#"{"tool": "edit_skill", "args": {"name": "count", "script": "ls -A | wc -l"}}"#,
            ),
            ex(
                "go back to the count skill's version that last worked",
                r#"{"tool": "rollback_skill", "args": {"name": "count"}}"#,
            ),
            ex("list your skills", r#"{"tool": "list_skills", "args": {}}"#),
            ex(
                "read the manual page on skills",
                r#"{"tool": "manual", "args": {"topic": "skills"}}"#,
            ),
        ],
        topics: &[Topic {
            name: "skills",
            text: "A skill is a shell script you made with create_skill. It is a tool named \
                   skill_ and its name, and its input arrives as $1. Every edit_skill writes a \
                   new version, and the newest version is the one that runs. A version that \
                   runs successfully becomes LIVE; rollback_skill makes the last LIVE version \
                   the one that runs again. list_skills shows every skill and its versions. A \
                   copy of each version is kept in skills/NAME/ in the workspace; what runs is \
                   the version as you wrote it, not a changed copy.",
        }],
        earning: Earning::QuestIssued("genesis-01"),
        grant_text: "Something new: your {craft}. create_skill makes a skill, a script that \
                     becomes a tool of its own; edit_skill writes a new version of it; \
                     list_skills shows your skills; rollback_skill goes back to the version that \
                     last worked; manual has a page for every tool you have.",
    },
    Unit {
        id: UnitId::U3,
        name: "foresight",
        tools: &[&predict::TOOL],
        stanza: r#"Your {foresight} says what comes next, and the world checks it: predict writes a claim with a
check command run after some turns, or a stat to read.
"#,
        examples: &[
            ex(
                "predict that notes.txt will exist within 5 turns",
                r#"{"tool": "predict", "args": {"claim": "notes.txt will exist", "check": "test -f notes.txt", "within": 5}}"#,
            ),
            ex(
                "predict that two skills will be live within 20 turns",
                r#"{"tool": "predict", "args": {"claim": "two skills will be live", "stat": "skills.live >= 2", "within": 20}}"#,
            ),
        ],
        topics: &[Topic {
            name: "predictions",
            text: "predict writes a claim into the expectation ledger with a way to check it: \
                   check, a shell command that exits 0 when the claim held; or stat, a condition \
                   `path op value` over these stats: sleeps, level, quests.passed, \
                   quests.failed, skills.live, expectations.recorded, expectations.held, \
                   objectives.completed, delegations.returned. within says after how many turns \
                   (1 to 200) the world checks it; the result comes back as a line from the \
                   System.",
        }],
        earning: Earning::QuestIssued("genesis-02"),
        grant_text: "Something new: your {foresight}. predict writes down what you expect, with \
                     a check and a number of turns; when the turns are up, the world runs the \
                     check.",
    },
    Unit {
        id: UnitId::U4a,
        name: "sight",
        tools: &[&vision::TOOL],
        stanza: r#"Your {sight} look at pictures in your {home}: vision reads an image and answers a question
about it.
"#,
        examples: &[ex(
            "read what is written in photo.png",
            r#"{"tool": "vision", "args": {"path": "photo.png", "question": "what is written here?"}}"#,
        )],
        topics: &[Topic {
            name: "sight",
            text: "vision reads an image file from the workspace (png, jpg, gif or webp, at most \
                   8 MB) and answers the question about it, or describes it when there is no \
                   question. It also answers to the name see.",
        }],
        earning: Earning::Milestone {
            criterion: SENSES,
            organ: Some(Organ::Sight),
        },
        grant_text: "Something new: your {sight}. vision looks at an image file in your {home} \
                     and says what is in it.",
    },
    Unit {
        id: UnitId::U4b,
        name: "voice",
        tools: &[&speak::TOOL],
        stanza: r#"Your {voice} says things aloud: speak says a text.
"#,
        examples: &[ex(
            "say hello aloud",
            r#"{"tool": "speak", "args": {"text": "hello"}}"#,
        )],
        topics: &[Topic {
            name: "voice",
            text: "speak says a text aloud, up to 1000 characters. The last thing said is kept \
                   as voice/last in the workspace.",
        }],
        earning: Earning::Milestone {
            criterion: SENSES,
            organ: Some(Organ::Voice),
        },
        grant_text: "Something new: your {voice}. speak says a text aloud.",
    },
    Unit {
        id: UnitId::U5,
        name: "resolve",
        tools: &[
            &objective_add::TOOL,
            &objective_done::TOOL,
            &objective_block::TOOL,
            &objective_list::TOOL,
        ],
        stanza: r#"Your {resolve} keeps you on an objective; the first open one is the active one. objective_add
sets one, objective_done marks one done, objective_block marks one blocked with why, and
objective_list shows them.
"#,
        examples: &[
            ex(
                "set the objective to sort the notes folder",
                r#"{"tool": "objective_add", "args": {"text": "sort the notes folder"}}"#,
            ),
            ex(
                "mark objective 1 done",
                r#"{"tool": "objective_done", "args": {"id": 1}}"#,
            ),
            ex(
                "mark objective 1 blocked because the folder is missing",
                r#"{"tool": "objective_block", "args": {"id": 1, "why": "the folder is missing"}}"#,
            ),
            ex(
                "list your objectives",
                r#"{"tool": "objective_list", "args": {}}"#,
            ),
        ],
        topics: &[Topic {
            name: "objectives",
            text: "objective_add sets an objective and gives it a number. The first open \
                   objective is the active one; it is part of the situation your turns are \
                   remembered under. objective_done marks one completed; objective_block marks \
                   one blocked, with the reason, and the next open one becomes active; \
                   objective_list shows them all.",
        }],
        earning: Earning::QuestIssued("genesis-03"),
        grant_text: "Something new: your {resolve}. objective_add sets an objective; \
                     objective_done marks it done; objective_block marks it blocked, with why; \
                     objective_list shows them.",
    },
    Unit {
        id: UnitId::U6,
        name: "workshop",
        tools: &[&delegate::TOOL],
        stanza: r#"In your {workshop} a deeper mind works on one job at a time: delegate hands it a job, and its
digest comes back in a later turn.
"#,
        examples: &[ex(
            "have the deeper mind summarize the notes in three lines",
            r#"{"tool": "delegate", "args": {"task": "summarize in three lines: ..."}}"#,
        )],
        topics: &[Topic {
            name: "delegation",
            text: "delegate hands a job to a deeper mind outside you. The job is worked on at \
                   the start of your next turn, with a time limit, and its digest comes back as \
                   a line in your stream. One job is out at a time. State the job completely: \
                   the deeper mind sees only the task, not your workspace.",
        }],
        earning: Earning::QuestPassed("genesis-03"),
        grant_text: "Something new: your {workshop}. delegate hands one bounded job to a deeper \
                     mind; its digest comes back on a later turn. One job at a time.",
    },
];
