//! What a suite's house is drawn from: folders, file names, values, phrases and things, so that
//! every seed gives other names, paths and values and nothing can be memorised.

/// Folders a house may have.
pub const FOLDERS: &[&str] = &[
    "notes", "house", "garden", "shed", "office", "kitchen", "records", "papers", "boxes",
    "cellar", "attic", "desk", "porch", "study",
];

/// How a value is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// Four digits.
    Num4,
    /// Two digits.
    Num2,
    /// Three digits.
    Num3,
    /// A letter, a digit, a dash and a word in capitals (`K7-DELTA`).
    Code,
    /// A first name.
    Name,
    /// A time of day (`06:30`).
    Time,
    /// A day of the week.
    Day,
    /// A colour.
    Colour,
    /// A day and a month (`14 March`).
    Date,
    /// A word and two digits (`maple42`).
    WordNum,
}

/// A topic of a file of values: its file name and the labels it sets.
pub struct Topic {
    pub stem: &'static str,
    pub labels: &'static [(&'static str, ValueKind)],
}

/// The topics of value files.
pub const TOPICS: &[Topic] = &[
    Topic {
        stem: "boiler",
        labels: &[
            ("service code", ValueKind::Code),
            ("pressure", ValueKind::Num2),
            ("engineer", ValueKind::Name),
        ],
    },
    Topic {
        stem: "gate",
        labels: &[
            ("gate code", ValueKind::Num4),
            ("opening hour", ValueKind::Time),
            ("installer", ValueKind::Name),
        ],
    },
    Topic {
        stem: "router",
        labels: &[
            ("wifi password", ValueKind::WordNum),
            ("port", ValueKind::Num4),
            ("admin", ValueKind::Name),
        ],
    },
    Topic {
        stem: "pump",
        labels: &[
            ("port", ValueKind::Num4),
            ("pressure", ValueKind::Num2),
            ("serial number", ValueKind::Code),
        ],
    },
    Topic {
        stem: "alarm",
        labels: &[
            ("alarm code", ValueKind::Num4),
            ("contact", ValueKind::Name),
            ("test day", ValueKind::Day),
        ],
    },
    Topic {
        stem: "locker",
        labels: &[
            ("padlock code", ValueKind::Num4),
            ("key holder", ValueKind::Name),
            ("paint colour", ValueKind::Colour),
        ],
    },
    Topic {
        stem: "freezer",
        labels: &[
            ("model", ValueKind::Code),
            ("defrost day", ValueKind::Day),
            ("shelf count", ValueKind::Num2),
        ],
    },
    Topic {
        stem: "delivery",
        labels: &[
            ("delivery date", ValueKind::Date),
            ("driver", ValueKind::Name),
            ("parcel code", ValueKind::Code),
        ],
    },
    Topic {
        stem: "printer",
        labels: &[
            ("ink code", ValueKind::Code),
            ("room", ValueKind::Num3),
            ("owner", ValueKind::Name),
        ],
    },
    Topic {
        stem: "sprinkler",
        labels: &[
            ("start time", ValueKind::Time),
            ("gardener", ValueKind::Name),
            ("zone count", ValueKind::Num2),
        ],
    },
    Topic {
        stem: "meter",
        labels: &[
            ("meter number", ValueKind::Num4),
            ("reading day", ValueKind::Day),
            ("supplier code", ValueKind::Code),
        ],
    },
    Topic {
        stem: "studio",
        labels: &[
            ("door code", ValueKind::Num4),
            ("booking date", ValueKind::Date),
            ("wall colour", ValueKind::Colour),
        ],
    },
];

/// First names.
pub const NAMES: &[&str] = &[
    "Mara", "Tobias", "Ines", "Kofi", "Lena", "Ravi", "Greta", "Oskar", "Nadia", "Elio", "Sunniva",
    "Bram", "Yusuf", "Pilar", "Dmitri", "Aurelie", "Joss", "Matteo", "Signe", "Farid",
];

/// Words for codes, in capitals.
pub const CODE_WORDS: &[&str] = &[
    "DELTA", "RIVER", "MAPLE", "ORBIT", "CEDAR", "FALCON", "IVORY", "LUNAR", "OTTER", "PRISM",
    "QUARTZ", "TUNDRA", "VELVET", "WILLOW",
];

/// Days of the week.
pub const DAYS: &[&str] = &[
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// Colours.
pub const COLOURS: &[&str] = &[
    "ochre", "teal", "crimson", "olive", "indigo", "saffron", "slate", "coral", "amber", "mauve",
];

/// Months.
pub const MONTHS: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Words to write into a file.
pub const WORDS: &[&str] = &[
    "lantern", "harbour", "thimble", "juniper", "meadow", "pebble", "saddle", "walnut", "cobalt",
    "marble", "tinder", "quill", "bramble", "kestrel", "ember", "linen",
];

/// One-line notes and the word that shows a reply gave them (a word of the note found in no
/// other).
pub const PHRASES: &[(&str, &str)] = &[
    ("water the ferns at noon", "ferns"),
    ("the spare key hangs behind the clock", "clock"),
    ("call the plumber on friday", "plumber"),
    ("the milk goes in the left fridge", "fridge"),
    ("move the bikes into the barn", "barn"),
    ("the blue box holds the fuses", "fuses"),
    ("sweep the porch before lunch", "sweep"),
    ("the ladder is in the garage", "ladder"),
    ("bring the chairs in if it rains", "chairs"),
    ("the torch needs new batteries", "torch"),
    ("turn the compost every sunday", "compost"),
    ("the candles are in the top drawer", "candles"),
    ("test the smoke alarm each month", "smoke"),
    ("wash the windows in spring", "windows"),
    ("the kettle is broken, use the pot", "kettle"),
    ("the rake is behind the shed door", "rake"),
];

/// Names of one-line notes.
pub const NOTE_STEMS: &[&str] = &[
    "reminder", "memo", "message", "today", "chores", "jobs", "tip", "warning",
];

/// Names of list files (lines to count, lines to add to).
pub const LIST_STEMS: &[&str] = &[
    "shopping", "tools", "guests", "plants", "books", "spares", "errands", "packing", "music",
    "stores",
];

/// Items of lists.
pub const ITEMS: &[&str] = &[
    "apples",
    "pears",
    "nails",
    "rope",
    "flour",
    "soap",
    "wax",
    "string",
    "tape",
    "glue",
    "matches",
    "rice",
    "oats",
    "cheese",
    "bread",
    "eggs",
    "onions",
    "lemons",
    "batteries",
    "seeds",
];

/// Lines a keeper asks to add.
pub const NEW_LINES: &[&str] = &[
    "fix the fence",
    "call the vet",
    "order more seeds",
    "paint the door",
    "clean the gutter",
    "return the drill",
    "oil the hinges",
    "buy fresh bulbs",
    "mend the net",
    "check the tyres",
];

/// Folders whose files are counted.
pub const COUNT_FOLDERS: &[&str] = &[
    "invoices",
    "manuals",
    "recipes",
    "tickets",
    "drawings",
    "maps",
    "postcards",
    "labels",
];

/// Names of files in a counted folder (no digits: a count must not hide in a name).
pub const COUNT_FILE_STEMS: &[&str] = &[
    "alpha", "beta", "gamma", "north", "south", "east", "west", "spring", "summer", "autumn",
];

/// Folders made by the keeper's request.
pub const NEW_FOLDERS: &[&str] = &[
    "archive",
    "photos",
    "spare",
    "winter",
    "drafts",
    "scraps",
    "seedlings",
    "backups",
    "outbox",
    "sorted",
];

/// Files copied or moved, each with a line holding a word the check looks for.
pub const MOVABLE: &[(&str, &str)] = &[
    ("recipe", "cinnamon"),
    ("poem", "moonlight"),
    ("map", "crossroads"),
    ("plan", "foundation"),
    ("letter", "greetings"),
    ("receipt", "paid"),
    ("menu", "soup"),
    ("song", "chorus"),
    ("budget", "savings"),
    ("ticket", "platform"),
];

/// New names a file may be given.
pub const NEW_STEMS: &[&str] = &["backup", "copy", "old", "spare", "final", "keep", "second"];

/// Folders of notes, one of which mentions a thing.
pub const FIND_FOLDERS: &[&str] = &["letters", "diary", "mail", "journal"];

/// Names of the notes in such a folder (the reply names one).
pub const FIND_STEMS: &[&str] = &[
    "april",
    "june",
    "october",
    "winter",
    "harvest",
    "market",
    "riverside",
    "evening",
];

/// What one note of such a folder mentions.
pub const THINGS: &[&str] = &[
    "red kite",
    "leaking tap",
    "lost glove",
    "broken fence",
    "blue van",
    "old piano",
    "stray dog",
    "flat tyre",
    "cracked window",
    "missing ladder",
    "noisy owl",
    "frozen pipe",
];

/// Sentences a note about a thing is written in.
pub const THING_SENTENCES: &[&str] = &[
    "Today I noticed the {thing} again.",
    "We talked about the {thing} over dinner.",
    "Someone should see to the {thing} soon.",
    "The {thing} was the only news of the week.",
];
