//! A cast: creatures that share one machine and one model server and take turns by one
//! initiative law (the scene heartbeat and the maintenance heartbeat on one clock).
//!
//! A cast lives in a directory: `cast.toml` declares the members (each a normal home that
//! also lives alone) and the schedule's knobs; `cast.redb` holds the schedule, the scene and
//! the receipts. [`tick::cast_tick`] picks the one ready participant by the law in
//! [`schedule`] and plays its turn through the member's own tick, with the cast's store
//! closed while the member's turn runs (the same three phases as a tick).

pub mod organs;
pub mod record;
pub mod schedule;
pub mod tick;

#[cfg(test)]
mod compat_tests;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::base::clock::{Clock, Millis};
use crate::base::exit::{Error, Result};
use crate::base::home::{Home, write_atomic};
use crate::base::store::{DocType, OpenOptions, Read, Store};
use crate::creature::{Genome, Persona};
use crate::world::scene::acts::check_objects;
use crate::world::scene::{Arena, SceneObject};

use organs::{Appraisal, Organ, OrganKind, Proposal, check_organs};
use record::{Receipt, SceneLine};
use schedule::{Participant, Schedule, speed_from_boldness};

/// The file that declares a cast.
pub const CAST_FILE: &str = "cast.toml";
/// The cast's own store.
pub const CAST_STORE: &str = "cast.redb";

/// The document types a cast's store holds.
pub fn registry() -> &'static [DocType] {
    static TYPES: OnceLock<Vec<DocType>> = OnceLock::new();
    TYPES.get_or_init(|| {
        vec![
            DocType::of::<Schedule>(),
            DocType::of::<SceneLine>(),
            DocType::of::<Receipt>(),
            DocType::of::<Appraisal>(),
            DocType::of::<Proposal>(),
        ]
    })
}

/// The schedule's knobs (`[schedule]` in `cast.toml`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Knobs {
    /// A participant's recovery after its turn completes, divided by its initiative speed.
    pub recovery_secs: u64,
    /// Most turns in flight at once across the cast; a cast tick beyond it exits 75.
    pub max_in_flight: u32,
    /// How long a reaction window stays open after a `say`.
    pub reaction_window_secs: u64,
    /// Scene lines a participant on stage reads in its prompt.
    pub scene_window: u32,
    /// The rest after a turn let pass (`wait`, `hesitate`), as a share of a completed
    /// turn's: above 0 and below 1.
    pub wait_recovery_factor: f64,
}

impl Default for Knobs {
    fn default() -> Self {
        Knobs {
            recovery_secs: 60,
            max_in_flight: 1,
            reaction_window_secs: 600,
            scene_window: 12,
            wait_recovery_factor: 0.5,
        }
    }
}

/// One declared member.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    pub home: PathBuf,
    #[serde(default)]
    pub arena: Arena,
}

/// `cast.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CastFile {
    #[serde(default)]
    pub schedule: Knobs,
    #[serde(default, rename = "member")]
    pub members: Vec<Member>,
    /// The things in the scene that a participant on stage may `use`.
    #[serde(default, rename = "object", skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<SceneObject>,
    /// The maintenance organs: participants that take offstage turns under the same law.
    #[serde(default, rename = "organ", skip_serializing_if = "Vec::is_empty")]
    pub organs: Vec<Organ>,
}

const HEADER: &str = "# A cast: creatures that share this machine and take turns by one initiative law.\n\
# `wis cast --dir DIR tick` plays the next turn; `wis cast add|remove` edit the members.\n\
#\n\
# [schedule]\n\
# recovery_secs: a participant's rest after its turn completes, divided by its initiative\n\
#   speed (0.5 to 1.5, from its genome); max_in_flight: most turns running at once (a cast\n\
#   tick beyond it exits 75); reaction_window_secs: how long one spoken to may answer first;\n\
#   scene_window: scene lines each participant on stage reads; wait_recovery_factor: the rest\n\
#   after a turn let pass (wait, hesitate) as a share of a completed turn's (0 to 1).\n\
# [[member]] home = a creature's home; arena = \"scene\" (acts, reacts, speaks) or\n\
#   \"offstage\" (rumination and sleep only).\n\
# [[object]] name, description: a thing in the scene that those on stage may `use`\n\
#   (`wis cast object add NAME DESCRIPTION`).\n\
# [[organ]] kind = \"appraiser\" or \"mutator\": a maintenance organ, an offstage participant\n\
#   under the same law, whose turn runs in wis with no model call (`wis cast organ add KIND`);\n\
#   speed: its initiative speed (0.5 to 1.5, default 1.0). The appraiser scores each member's\n\
#   turns on stage and writes it an appraisal memory; turns: most turns of one member one\n\
#   appraisal covers (default 20); min_turns: fewest turns since its last appraisal for a member\n\
#   to be appraised (default 3). The mutator proposes a standing value to a member whose\n\
#   appraisals repeat a pattern, held for `wis cast review`; appraisals: how many of a member's\n\
#   latest appraisals must each show it (default 3).\n\n";

impl CastFile {
    /// The declared organ of `kind`, or its defaults (an organ the file no longer declares
    /// finishing its turn).
    pub fn organ(&self, kind: OrganKind) -> Organ {
        self.organs
            .iter()
            .find(|o| o.kind == kind)
            .cloned()
            .unwrap_or_else(|| Organ::new(kind))
    }

    /// The text of the file, with its header.
    pub fn render(&self) -> Result<String> {
        let body = toml::to_string(self)
            .map_err(|e| Error::internal(format!("writing {CAST_FILE}: {e}")))?;
        Ok(format!("{HEADER}{body}"))
    }

    fn check(&self, path: &Path) -> Result<()> {
        let k = &self.schedule;
        if k.max_in_flight == 0 {
            return Err(Error::config(format!(
                "{}: [schedule] max_in_flight = 0 would never let a turn run",
                path.display()
            ))
            .hint("set it to 1 (one turn at a time) or more"));
        }
        let f = k.wait_recovery_factor;
        if !(f > 0.0 && f < 1.0) {
            return Err(Error::config(format!(
                "{}: [schedule] wait_recovery_factor = {f} must be above 0 and below 1",
                path.display()
            ))
            .hint("a turn let pass rests less than a completed one; the default is 0.5"));
        }
        check_objects(&self.objects)
            .map_err(|e| Error::config(format!("{}: [[object]]: {e}", path.display())))?;
        check_organs(&self.organs)
            .map_err(|e| Error::config(format!("{}: [[organ]]: {e}", path.display())))?;
        if k.scene_window == 0 || k.scene_window as u64 > record::SCENE_CAP {
            return Err(Error::config(format!(
                "{}: [schedule] scene_window = {} must be between 1 and {}",
                path.display(),
                k.scene_window,
                record::SCENE_CAP
            )));
        }
        Ok(())
    }
}

/// A cast's directory.
#[derive(Debug, Clone)]
pub struct Cast {
    dir: PathBuf,
}

impl Cast {
    pub fn new(dir: impl Into<PathBuf>) -> Cast {
        Cast { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn file_path(&self) -> PathBuf {
        self.dir.join(CAST_FILE)
    }

    pub fn store_path(&self) -> PathBuf {
        self.dir.join(CAST_STORE)
    }

    /// Reads `cast.toml`.
    pub fn load(&self) -> Result<CastFile> {
        let path = self.file_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(Error::no_input(format!(
                    "no cast here: {} does not exist",
                    path.display()
                ))
                .hint("make one with `wis cast init DIR --member HOME …`"));
            }
            Err(e) => return Err(Error::io_at(&path, e).context("reading the cast")),
        };
        let file: CastFile =
            toml::from_str(&text).map_err(|e| Error::config(format!("{}: {e}", path.display())))?;
        file.check(&path)?;
        Ok(file)
    }

    /// Writes `cast.toml` atomically.
    pub fn save(&self, file: &CastFile) -> Result<()> {
        file.check(&self.file_path())?;
        write_atomic(&self.file_path(), file.render()?.as_bytes())
    }

    /// Opens the cast's store, waiting up to `wait` for another cast command.
    pub fn open(&self, wait: Duration, command: &str, clock: &Clock) -> Result<Store> {
        self.open_with(wait, command, clock, Store::open)
    }

    /// Opens the cast's store to read only (no write, no sync), waiting up to `wait` for a
    /// cast command that writes.
    pub fn open_read(&self, wait: Duration, command: &str, clock: &Clock) -> Result<Store> {
        self.open_with(wait, command, clock, Store::open_read)
    }

    fn open_with(
        &self,
        wait: Duration,
        command: &str,
        clock: &Clock,
        open: fn(&Path, &OpenOptions) -> Result<Store>,
    ) -> Result<Store> {
        let path = self.store_path();
        if !path.exists() {
            return Err(Error::no_input(format!(
                "no cast here: {} does not exist",
                path.display()
            ))
            .hint("make one with `wis cast init DIR --member HOME …`"));
        }
        open(
            &path,
            &OpenOptions {
                wait,
                command: command.into(),
                now: clock.now(),
            },
        )
        .map_err(|e| e.context("the cast's store"))
    }

    /// Makes a new cast in an empty or new directory.
    pub fn create(&self, file: &CastFile, clock: &Clock) -> Result<()> {
        if self.file_path().exists() || self.store_path().exists() {
            return Err(
                Error::usage(format!("{} already holds a cast", self.dir.display()))
                    .hint("add members to it with `wis cast --dir DIR add HOME`"),
            );
        }
        std::fs::create_dir_all(&self.dir).map_err(|e| Error::io_at(&self.dir, e))?;
        let opts = OpenOptions {
            wait: Duration::ZERO,
            command: "cast init".into(),
            now: clock.now(),
        };
        Store::create(&self.store_path(), &opts, |tx| {
            tx.init_tables(registry())?;
            let mut schedule = Schedule::default();
            sync(
                &mut schedule,
                file,
                &absolute(&self.dir)?,
                clock.now(),
                Duration::from_secs(10),
                clock,
            )?;
            tx.set(&schedule)
        })?;
        self.save(file)
    }
}

/// A member home's path as the cast keeps it: absolute, so cron's working directory does not
/// matter.
pub fn absolute(home: &Path) -> Result<PathBuf> {
    std::path::absolute(home).map_err(|e| Error::io_at(home, e))
}

/// What a member's store says of it: its name and initiative speed.
pub fn read_member(home: &Path, wait: Duration, clock: &Clock) -> Result<(String, f64)> {
    let store = Home::new(home)
        .open(wait, "cast", clock)
        .map_err(|e| e.context(format!("member {}", home.display())))?;
    let rx = store.read()?;
    let genome: Genome = rx.singleton()?;
    let persona: Persona = rx.singleton()?;
    Ok((
        persona.name,
        speed_from_boldness(genome.temperament.boldness),
    ))
}

/// Brings the schedule in line with `cast.toml`: new members and organs join, ready at `now`
/// (an organ's home is the cast's directory, `dir`, and its speed the file's); members and
/// organs no longer declared leave once no turn of theirs is in flight; arenas follow the
/// file. Returns what changed, in words.
pub fn sync(
    schedule: &mut Schedule,
    file: &CastFile,
    dir: &Path,
    now: Millis,
    wait: Duration,
    clock: &Clock,
) -> Result<Vec<String>> {
    let mut said = Vec::new();
    for member in &file.members {
        let home = absolute(&member.home)?;
        let seat = schedule
            .participants
            .iter_mut()
            .find(|p| p.organ.is_none() && p.home == home);
        match seat {
            Some(p) => {
                if p.arena != member.arena {
                    said.push(format!("{} moved to the {}", p.id, member.arena));
                    p.arena = member.arena;
                }
            }
            None => {
                let (name, speed) = read_member(&home, wait, clock)?;
                let id = schedule.free_id(&name);
                said.push(format!("{id} joined ({}, speed {speed})", member.arena));
                schedule
                    .participants
                    .push(joining(id, home, member.arena, speed, now, None));
            }
        }
    }
    for organ in &file.organs {
        match schedule
            .participants
            .iter_mut()
            .find(|p| p.organ == Some(organ.kind))
        {
            Some(p) => {
                if p.initiative_speed != organ.speed {
                    said.push(format!("{} runs at speed {} now", p.id, organ.speed));
                    p.initiative_speed = organ.speed;
                }
            }
            None => {
                let id = schedule.free_id(organ.kind.as_str());
                said.push(format!(
                    "{id} joined (the {} organ, offstage, speed {})",
                    organ.kind, organ.speed
                ));
                schedule.participants.push(joining(
                    id,
                    dir.to_path_buf(),
                    Arena::Offstage,
                    organ.speed,
                    now,
                    Some(organ.kind),
                ));
            }
        }
    }
    let declared: Vec<PathBuf> = file
        .members
        .iter()
        .map(|m| absolute(&m.home))
        .collect::<Result<_>>()?;
    schedule.participants.retain(|p| {
        let wanted = match p.organ {
            Some(kind) => file.organs.iter().any(|o| o.kind == kind),
            None => declared.contains(&p.home),
        };
        let keep = wanted || p.pending.is_some();
        if !keep {
            said.push(format!("{} left the cast", p.id));
        }
        keep
    });
    Ok(said)
}

/// A participant joining the schedule, ready at `now`.
fn joining(
    id: String,
    home: PathBuf,
    arena: Arena,
    speed: f64,
    now: Millis,
    organ: Option<OrganKind>,
) -> Participant {
    Participant {
        id,
        home,
        arena,
        initiative_speed: speed,
        next_ready_at: now,
        last_completed_at: None,
        pending: None,
        reaction: None,
        place: None,
        organ,
    }
}
