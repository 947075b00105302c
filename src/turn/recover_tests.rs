//! WIS8: one undecodable document never stops the creature. For a damaged persona, genome,
//! stream entry, episode and engram: `wis check` names the damage and the next tick runs. What
//! a tick reads it sets aside into quarantine and tells the creature and the operator once;
//! `wis check` reports the quarantine, and `wis check --repair` moves everything out and leaves
//! a healthy store.

use std::time::Duration;

use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{DocType, Read, SINGLETON_KEY};
use crate::creature::news::{NewsItem, NewsKind};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{Genome, Persona};
use crate::memory::{Engram, Kind, Memory, NewEngram, Provenance};
use crate::mind::Mind;
use crate::mind::testing::scripted;
use crate::turn::birth::{BirthOptions, birth};
use crate::turn::check::{check, repair};
use crate::turn::tick::{TickOptions, TickOutcome, tick};
use crate::wisdom::episodes::Episode;

const GARBAGE: &[u8] = b"\xc1 not a document";

/// Thinks when asked to think, otherwise lists its notebooks (a step no example plainly does,
/// so the work turn reads what it saw on it).
fn steady() -> Box<dyn Mind> {
    scripted("steady", |prompt, _, _| {
        Ok(if prompt.volatile.contains("## Think") {
            r#"{"thought": "I should look around.", "plan": ["look around the house"]}"#.into()
        } else {
            r#"{"tool": "note_list", "args": {}}"#.into()
        })
    })
}

struct Life {
    _dir: tempfile::TempDir,
    home: Home,
    config: Config,
    clock: Clock,
}

impl Life {
    /// A creature that has lived three ticks.
    fn new() -> Life {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path().join("home"));
        let clock = Clock::pinned(1_767_225_600_000);
        let opts = BirthOptions::seeded(7);
        birth(&home, &opts, &clock).unwrap();
        let mut config = Config::default();
        config.wisdom.recall_enabled = true;
        let life = Life {
            _dir: dir,
            home,
            config,
            clock,
        };
        for _ in 0..3 {
            life.tick().unwrap();
        }
        life
    }

    fn tick(&self) -> Result<TickOutcome> {
        let opts = TickOptions {
            wait: Duration::from_secs(1),
            dry_run: false,
            ..Default::default()
        };
        tick(&self.home, &self.config, &self.clock, &opts, &mut || {
            Ok(steady())
        })
    }

    fn store(&self) -> crate::base::store::Store {
        self.home
            .open(Duration::from_secs(1), "test", &self.clock)
            .unwrap()
    }

    /// Overwrites one document with bytes that do not decode.
    fn damage(&self, ty: DocType, key: &str) {
        let store = self.store();
        let mut tx = store.write().unwrap();
        tx.put_raw(&ty, key, GARBAGE).unwrap();
        tx.commit().unwrap();
    }

    /// `wis check`'s problems, as lines.
    fn problems(&self) -> Vec<String> {
        let mut store = self.store();
        check(&mut store)
            .unwrap()
            .into_iter()
            .map(|p| format!("{}: {}", p.area, p.detail))
            .collect()
    }

    fn damage_news(&self) -> Vec<String> {
        let store = self.store();
        let rx = store.read().unwrap();
        rx.ring::<NewsItem>(None)
            .unwrap()
            .into_iter()
            .filter(|(_, n)| n.kind == NewsKind::Damage)
            .map(|(_, n)| n.text)
            .collect()
    }

    /// Checks the whole story after `schema` was damaged. `read` says whether a tick reads
    /// the damaged entry (then the tick sets it aside and says so once); an entry no tick reads
    /// stays where it is, and only `wis check` names it until `--repair`.
    fn goes_on_after(&self, schema: &str, read: bool) {
        let before = self.problems();
        assert!(
            before
                .iter()
                .any(|p| p.starts_with(schema) && p.contains("does not decode")),
            "check names the damage: {before:?}"
        );
        let outcome = self.tick().expect("the next tick runs");
        assert!(matches!(outcome, TickOutcome::Turn(_)), "{outcome:?}");
        let told = self
            .store()
            .read()
            .unwrap()
            .ring::<StreamLine>(None)
            .unwrap()
            .into_iter()
            .filter(|(_, l)| l.voice == Voice::System && l.text.contains("damaged"))
            .count();
        let news = self.damage_news();
        let after = self.problems();
        if read {
            assert_eq!(news.len(), 1, "{news:?}");
            assert!(news[0].contains(schema), "{news:?}");
            assert_eq!(told, 1, "the creature is told once");
            assert!(
                after
                    .iter()
                    .any(|p| p.starts_with(schema) && p.contains("set aside")),
                "check reports the quarantine: {after:?}"
            );
            assert!(
                !after.iter().any(|p| p.contains("does not decode")),
                "nothing damaged is left in place: {after:?}"
            );
        } else {
            assert_eq!((news.len(), told), (0, 0), "{news:?}");
            assert_eq!(before, after, "check still names it");
        }
        self.tick().expect("and the tick after it");
        assert_eq!(
            self.damage_news().len(),
            news.len(),
            "reported at most once"
        );
        let store = self.store();
        let done = repair(&store, &self.home, self.clock.now()).unwrap();
        drop(store);
        assert_eq!((done.set_aside, done.moved), (u64::from(!read), 1));
        let dir = done.dir.unwrap();
        let index = std::fs::read_to_string(dir.join("index.jsonl")).unwrap();
        assert!(index.contains(schema), "{index}");
        assert_eq!(self.problems(), Vec::<String>::new());
    }
}

#[test]
fn a_damaged_persona_is_rebuilt_from_its_last_good_copy() {
    let life = Life::new();
    let ticks = life
        .store()
        .read()
        .unwrap()
        .singleton::<Persona>()
        .unwrap()
        .ticks;
    life.damage(DocType::of::<Persona>(), SINGLETON_KEY);
    life.goes_on_after("wis.persona.v1", true);
    let persona: Persona = life.store().read().unwrap().singleton().unwrap();
    assert_eq!(persona.ticks, ticks + 2, "the counters carried on");
    assert!(life.damage_news()[0].contains("the last good copy"));
}

#[test]
fn a_damaged_genome_is_rebuilt_and_keeps_the_body() {
    let life = Life::new();
    let genome: Genome = life.store().read().unwrap().singleton().unwrap();
    life.damage(DocType::of::<Genome>(), SINGLETON_KEY);
    life.goes_on_after("wis.genome.v1", true);
    let again: Genome = life.store().read().unwrap().singleton().unwrap();
    assert_eq!(again, genome);
}

#[test]
fn a_damaged_stream_entry_is_skipped() {
    let life = Life::new();
    let seq = {
        let store = life.store();
        let rx = store.read().unwrap();
        rx.ring::<StreamLine>(Some(1)).unwrap()[0].0
    };
    life.damage(DocType::of::<StreamLine>(), &seq.to_string());
    life.goes_on_after("wis.stream.v1", true);
}

#[test]
fn a_damaged_episode_does_not_stop_the_tick() {
    let life = Life::new();
    let seq = {
        let store = life.store();
        let rx = store.read().unwrap();
        rx.ring::<Episode>(Some(1)).unwrap()[0].0
    };
    life.damage(DocType::of::<Episode>(), &seq.to_string());
    // A work turn reads the newest episodes (what it saw on its step): the damage is met once,
    // set aside and told, and the tick goes on.
    life.goes_on_after("wis.episode.v1", true);
}

#[test]
fn a_damaged_engram_does_not_stop_the_tick() {
    let life = Life::new();
    let id = {
        let store = life.store();
        let memory = Memory::from_config(&life.config.embed).unwrap();
        let mut tx = store.write().unwrap();
        let new = NewEngram::new(
            Kind::Strategy,
            "list your notebooks first",
            Provenance::Told,
        );
        let id = memory.remember(&mut tx, new, life.clock.now()).unwrap();
        tx.commit().unwrap();
        id
    };
    life.damage(DocType::of::<Engram>(), &id.to_string());
    life.goes_on_after("wis.engram.v1", false);
}

#[test]
fn a_creature_whose_persona_has_no_last_good_copy_goes_on_from_a_fresh_one() {
    let life = Life::new();
    let genome: Genome = life.store().read().unwrap().singleton().unwrap();
    {
        // A store from before second copies were kept.
        let db = redb::Database::open(life.home.store_path()).unwrap();
        let txn = db.begin_write().unwrap();
        let table: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("wis.last_good");
        assert!(txn.delete_table(table).unwrap());
        txn.commit().unwrap();
    }
    life.damage(DocType::of::<Persona>(), SINGLETON_KEY);
    life.tick().expect("the next tick runs");
    let store = life.store();
    let rx = store.read().unwrap();
    let persona: Persona = rx.singleton().unwrap();
    assert_eq!(persona.name, genome.name);
    let last = rx.ring::<Episode>(Some(1)).unwrap()[0].1.tick;
    assert_eq!(persona.ticks, last, "no recorded turn lies in its future");
    drop((rx, store));
    assert!(life.damage_news()[0].contains("a fresh default"));
}
