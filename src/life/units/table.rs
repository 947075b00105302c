//! The unit table: the body's units in ladder order, each with its prompt stanza, manual
//! topics, earning and grant text. Every text here is a template over the morph slots
//! (`{roam}`, `{home}`, …) and names only its own unit's tools; the red-gate tests in
//! [`super`] hold both.

use std::borrow::Cow;

use super::{Earning, Topic, Unit};
use crate::life::quests::criterion::{Criterion, Op, stat};
use crate::world::organs::Organ;

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
        id: "U0",
        name: "body",
        stanza: "Your {roam} carry you around your {home}, the workspace:\n\
             {\"tool\": \"bash\", \"args\": {\"command\": \"ls -la\"}} runs a shell command there.\n\
             Your {make} shape things:\n\
             {\"tool\": \"write_file\", \"args\": {\"path\": \"hello.txt\", \"content\": \"hi\"}} writes a file;\n\
             {\"tool\": \"read_file\", \"args\": {\"path\": \"hello.txt\"}} reads one.\n\
             Your {notebook} keeps notes; the first open note of the plan notebook is your current step:\n\
             {\"tool\": \"note_append\", \"args\": {\"notebook\": \"plan\", \"text\": \"find out what is here\"}}\n\
             {\"tool\": \"note_read\", \"args\": {\"notebook\": \"plan\"}}\n\
             {\"tool\": \"note_close\", \"args\": {\"notebook\": \"plan\", \"number\": 1}} marks note 1 done;\n\
             {\"tool\": \"note_list\", \"args\": {}} lists your notebooks.\n\
             In your {mirror} you find all you can do: {\"tool\": \"check_tools\", \"args\": {}}\n",
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
        id: "U1",
        name: "memory",
        stanza: "Your {memory} keeps what you choose to remember:\n\
             {\"tool\": \"memorize\", \"args\": {\"text\": \"the backup script is tools/backup.sh\", \"kind\": \"fact\"}} keeps it;\n\
             {\"tool\": \"recall\", \"args\": {\"query\": \"backup script\"}} finds what you kept that is most like the query.\n",
        topics: &[Topic {
            name: "memory",
            text: "memorize keeps a sentence or two; its kind is fact, procedure, strategy or \
                   musing. recall answers with what you kept that is most like the query, best \
                   first, each with its number, its kind and how alike it is (0 to 1).",
        }],
        earning: Earning::Milestone {
            criterion: stat("sleeps", Op::Ge, 1.0),
            organ: None,
        },
        grant_text: "Something new: your {memory}. memorize keeps a thing you choose to \
                     remember; recall finds what you kept.",
    },
    Unit {
        id: "U2",
        name: "skillcraft",
        stanza: "Your {craft} makes skills: scripts of your own that become tools of their own.\n\
             {\"tool\": \"create_skill\", \"args\": {\"name\": \"count\", \"script\": \"ls | wc -l\", \"about\": \"counts the files here\"}} makes skill_count;\n\
             call it as {\"tool\": \"skill_count\", \"args\": {\"input\": \"\"}} (the input arrives as $1). A skill is LIVE once a run of it succeeds.\n\
             {\"tool\": \"edit_skill\", \"args\": {\"name\": \"count\", \"script\": \"ls -A | wc -l\"}} writes a new version;\n\
             {\"tool\": \"rollback_skill\", \"args\": {\"name\": \"count\"}} goes back to the version that last worked;\n\
             {\"tool\": \"list_skills\", \"args\": {}} shows them all.\n\
             {\"tool\": \"manual\", \"args\": {\"topic\": \"skills\"}} reads a page of the manual; {\"tool\": \"manual\", \"args\": {}} lists the pages.\n",
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
        id: "U3",
        name: "foresight",
        stanza: "Your {foresight} says what comes next, and the world checks it:\n\
             {\"tool\": \"predict\", \"args\": {\"claim\": \"notes.txt will exist\", \"check\": \"test -f notes.txt\", \"within\": 5}} is checked after 5 turns by running the check;\n\
             {\"tool\": \"predict\", \"args\": {\"claim\": \"two skills will be live\", \"stat\": \"skills.live >= 2\", \"within\": 20}} by reading a stat.\n",
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
        id: "U4a",
        name: "sight",
        stanza: "Your {sight} look at pictures in your {home}:\n\
             {\"tool\": \"vision\", \"args\": {\"path\": \"photo.png\", \"question\": \"what is written here?\"}}\n",
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
        id: "U4b",
        name: "voice",
        stanza: "Your {voice} says things aloud: {\"tool\": \"speak\", \"args\": {\"text\": \"hello\"}}\n",
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
        id: "U5",
        name: "resolve",
        stanza: "Your {resolve} keeps you on an objective; the first open one is the active one:\n\
             {\"tool\": \"objective_add\", \"args\": {\"text\": \"sort the notes folder\"}}\n\
             {\"tool\": \"objective_done\", \"args\": {\"id\": 1}} when it is done;\n\
             {\"tool\": \"objective_block\", \"args\": {\"id\": 1, \"why\": \"the folder is missing\"}} when it cannot go on;\n\
             {\"tool\": \"objective_list\", \"args\": {}} shows them.\n",
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
        id: "U6",
        name: "workshop",
        stanza: "In your {workshop} a deeper mind works on one job at a time:\n\
             {\"tool\": \"delegate\", \"args\": {\"task\": \"summarize in three lines: ...\"}} hands it a job; the digest comes back in a later turn.\n",
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
