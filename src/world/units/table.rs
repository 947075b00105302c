//! The unit table: the body's units in ladder order, each with its tools, prompt stanza, manual
//! topics, earning and grant text. Every text here is a template over the morph slots
//! (`{roam}`, `{home}`, …) and names only its own unit's tools; the red-gate tests in
//! [`super`] hold both.

use std::borrow::Cow;

use super::{Earning, Topic, Unit};
use crate::creature::UnitId;
use crate::creature::criterion::{Criterion, Op, stat};
use crate::world::organs::Organ;
use crate::world::tools::{
    bash, check_tools, create_skill, delegate, edit_skill, heirlooms, list_skills, manual,
    memorize, note_append, note_close, note_list, note_read, objective_add, objective_block,
    objective_done, objective_list, predict, read_file, recall, rollback_skill, speak, vision,
    write_file,
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
            &check_tools::TOOL,
        ],
        stanza: r#"Your {roam} carry you around your {home}, the workspace; your {make} shape things in it;
your {notebook} keeps numbered notes, and the first open note of the plan notebook is your
current step; in your {mirror} you find all you can do.
Q: list the files here
A: {"tool": "bash", "args": {"command": "ls -la"}}
Q: write hi into hello.txt
A: {"tool": "write_file", "args": {"path": "hello.txt", "content": "hi"}}
Q: show what hello.txt says
A: {"tool": "read_file", "args": {"path": "hello.txt"}}
Q: add 'find out what is here' to the plan notebook
A: {"tool": "note_append", "args": {"notebook": "plan", "text": "find out what is here"}}
Q: read the plan notebook
A: {"tool": "note_read", "args": {"notebook": "plan"}}
Q: mark note 1 of the plan notebook done
A: {"tool": "note_close", "args": {"notebook": "plan", "number": 1}}
Q: list your notebooks
A: {"tool": "note_list", "args": {}}
Q: check what you are able to do now
A: {"tool": "check_tools", "args": {}}
"#,
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
                       the notebook called plan is your current step. note_append adds a note, \
                       note_close marks one done, note_read shows a notebook, note_list shows \
                       them all.",
            },
        ],
        earning: Earning::Birth,
        grant_text: "You have a body. Your {roam} carry you around your {home} (bash); your \
                     {make} write and read files (write_file, read_file); your {notebook} keeps \
                     notes (note_append, note_read, note_list, note_close); in your {mirror} you \
                     find all you can do (check_tools).",
    },
    Unit {
        id: UnitId::U1,
        name: "memory",
        tools: &[&memorize::TOOL, &recall::TOOL, &heirlooms::TOOL],
        stanza: r#"Your {memory} keeps what you choose to remember, and finds what is most like a query.
Q: remember that the backup script is tools/backup.sh
A: {"tool": "memorize", "args": {"text": "the backup script is tools/backup.sh", "kind": "fact"}}
Q: find what you know about the backup script
A: {"tool": "recall", "args": {"query": "backup script"}}
Q: read what your ancestors left you
A: {"tool": "heirlooms", "args": {}}
"#,
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
name, whose input arrives as $1. A skill is LIVE once a run of it succeeds.
Q: make a skill that counts the files here
A: {"tool": "create_skill", "args": {"name": "count", "script": "ls | wc -l", "about": "counts the files here"}}
Q: run the count skill
A: {"tool": "skill_count", "args": {"input": ""}}
Q: change the count skill to count hidden files too
A: {"tool": "edit_skill", "args": {"name": "count", "script": "ls -A | wc -l"}}
Q: go back to the count skill's version that last worked
A: {"tool": "rollback_skill", "args": {"name": "count"}}
Q: list your skills
A: {"tool": "list_skills", "args": {}}
Q: read the manual page on skills
A: {"tool": "manual", "args": {"topic": "skills"}}
"#,
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
        stanza: r#"Your {foresight} says what comes next, and the world checks it: by running a check
command after some turns, or by reading a stat.
Q: predict that notes.txt will exist within 5 turns
A: {"tool": "predict", "args": {"claim": "notes.txt will exist", "check": "test -f notes.txt", "within": 5}}
Q: predict that two skills will be live within 20 turns
A: {"tool": "predict", "args": {"claim": "two skills will be live", "stat": "skills.live >= 2", "within": 20}}
"#,
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
        stanza: r#"Your {sight} look at pictures in your {home}.
Q: read what is written in photo.png
A: {"tool": "vision", "args": {"path": "photo.png", "question": "what is written here?"}}
"#,
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
        stanza: r#"Your {voice} says things aloud.
Q: say hello aloud
A: {"tool": "speak", "args": {"text": "hello"}}
"#,
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
        stanza: r#"Your {resolve} keeps you on an objective; the first open one is the active one.
Q: set the objective to sort the notes folder
A: {"tool": "objective_add", "args": {"text": "sort the notes folder"}}
Q: mark objective 1 done
A: {"tool": "objective_done", "args": {"id": 1}}
Q: mark objective 1 blocked because the folder is missing
A: {"tool": "objective_block", "args": {"id": 1, "why": "the folder is missing"}}
Q: list your objectives
A: {"tool": "objective_list", "args": {}}
"#,
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
        stanza: r#"In your {workshop} a deeper mind works on one job at a time; its digest comes back in
a later turn.
Q: have the deeper mind summarize the notes in three lines
A: {"tool": "delegate", "args": {"task": "summarize in three lines: ..."}}
"#,
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
