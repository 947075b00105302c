//! The workspace's history around a turn's action (design §3.7). Before a call that can change
//! files, the history looks at what the call can touch and keeps a copy of anything new or
//! changed since its last look (a change found then happened between turns); after it, each
//! file the call changed, deleted or renamed over becomes a version naming the call. A call
//! whose copies cannot be kept (the history's disk failing) does not run: nothing of the
//! keeper's is put at risk. A read only marks the file read; a command marks the files it
//! names read (the overwrite scar asks whether the creature read a file before writing over
//! it). Shell checks run after the action (a commission's command, due predictions) are looked
//! around the same way and recorded as done by a check.

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::home::Home;
use crate::creature::{Action, FailKind, Outcome};
use crate::world::dispatch::{self, Body};
use crate::world::history::{By, Caps, Changed, History, Scope};
use crate::world::paths;
use crate::world::tools::Touch;

/// The history open around one call.
#[derive(Debug)]
pub struct Watch {
    history: Option<History>,
    touch: Touch,
    scope: Option<Scope>,
    by: By,
    /// The versions the call made.
    pub changes: Vec<Changed>,
    /// What the history could not do, for the turn's report.
    pub notes: Vec<String>,
}

/// Runs `action` through dispatch with the history looking around it (`reflex`: a reflex
/// fired it); `store` as for [`dispatch::execute`].
pub fn execute(
    home: &Home,
    config: &Config,
    action: &Action,
    body: &Body<'_>,
    store: Option<&mut crate::base::store::Tx<'_>>,
    reflex: bool,
) -> (Outcome, Watch) {
    match Watch::before(home, config, action, body, reflex) {
        Ok(mut watch) => {
            let outcome = dispatch::execute(action, body, store);
            let changes = watch.after(&outcome, body.tick, body.now);
            watch.changes = changes;
            (outcome, watch)
        }
        Err(refused) => (refused, Watch::none()),
    }
}

/// What the world says to a `write_file` over a file the creature has not read since it last
/// changed.
pub fn unread_write(path: &str) -> String {
    let path: String = path.chars().take(120).collect();
    format!(
        "{path} is here and you have not read it since it last changed, so it was not written \
         over: read it first (read_file), then write it whole, or add a line to its end with \
         bash `echo 'LINE' >> {path}`"
    )
}

impl Watch {
    /// A watch that looks at nothing (the history off, or nothing to watch).
    pub fn none() -> Watch {
        Watch {
            history: None,
            touch: Touch::Nothing,
            scope: None,
            by: By::Outside,
            changes: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Looks before `action` runs (fired by a reflex when `reflex`). `Err` is the outcome of a
    /// call that must not run: what it could destroy could not be kept.
    pub fn before(
        home: &Home,
        config: &Config,
        action: &Action,
        body: &Body<'_>,
        reflex: bool,
    ) -> Result<Watch, Outcome> {
        let touch = dispatch::touch(action, body);
        let scope = match &touch {
            Touch::Nothing => None,
            Touch::Reads(path) | Touch::Writes(path) => paths::confine(body.workspace, path)
                .ok()
                .map(|c| Scope::Paths(vec![rel_bytes(&c.rel)])),
            Touch::Runs(_) | Touch::Anything => Some(Scope::All),
        };
        let by = if reflex {
            By::Reflex(action.tool.clone())
        } else {
            By::Action(action.tool.clone())
        };
        let mut watch = Watch {
            touch,
            by,
            ..Watch::none()
        };
        let Some(scope) = scope.filter(|_| config.workspace.history) else {
            return Ok(watch);
        };
        let last_lived = body.tick.saturating_sub(1);
        let looked = open(home, config).and_then(|mut history| {
            history.look(&scope, &By::Outside, last_lived, body.now)?;
            history.save()?;
            Ok(history)
        });
        match looked {
            // Nothing of the keeper's is written over unseen: a file here that the creature has
            // not read (or made) since it last changed is not written whole.
            Ok(history)
                if let (Touch::Writes(path), Scope::Paths(rels)) = (&watch.touch, &scope)
                    && rels
                        .first()
                        .and_then(|rel| history.state().get(rel))
                        .is_some_and(|seen| !seen.known) =>
            {
                Err(Outcome::fail(FailKind::InvalidArgs, unread_write(path)))
            }
            Ok(history) => {
                watch.history = Some(history);
                watch.scope = Some(scope);
                Ok(watch)
            }
            // A read destroys nothing: it runs, unwatched.
            Err(e) if matches!(watch.touch, Touch::Reads(_)) => {
                watch.notes.push(format!("the workspace's history: {e}"));
                Ok(watch)
            }
            Err(e) => Err(Outcome::fail(
                FailKind::Internal,
                format!(
                    "the workspace's history could not keep a copy of what this may change \
                     ({e}); it was not run"
                ),
            )),
        }
    }

    /// Records what the call changed, now that it ran with `outcome`.
    pub fn after(&mut self, outcome: &Outcome, tick: u64, now: Millis) -> Vec<Changed> {
        let (Some(history), Some(scope)) = (&mut self.history, &self.scope) else {
            return Vec::new();
        };
        let mut changes = Vec::new();
        match &self.touch {
            Touch::Reads(_) => {
                if outcome.success
                    && let Scope::Paths(paths) = scope
                {
                    paths.iter().for_each(|p| history.mark_read(p));
                }
            }
            _ => match history.look(scope, &self.by, tick, now) {
                Ok(found) => changes = found,
                Err(e) => self.notes.push(format!("the workspace's history: {e}")),
            },
        }
        if let Touch::Runs(command) = &self.touch {
            history.mark_named(command);
        }
        if let Err(e) = history.save() {
            self.notes.push(format!("the workspace's history: {e}"));
        }
        changes
    }

    /// Runs the shell checks that follow the action (when `will_run`), looked around as the
    /// action was, their changes recorded as done by a check.
    pub fn checks<T>(
        &mut self,
        home: &Home,
        config: &Config,
        (tick, now): (u64, Millis),
        will_run: bool,
        run: impl FnOnce() -> T,
    ) -> T {
        if !will_run || !config.workspace.history {
            return run();
        }
        // After a look at the whole workspace the copies are fresh; otherwise look first.
        let fresh = self.scope == Some(Scope::All) && self.history.is_some();
        let history = match self.history.take() {
            Some(history) if fresh => Ok(history),
            _ => open(home, config).and_then(|mut h| {
                h.look(&Scope::All, &By::Outside, tick.saturating_sub(1), now)?;
                h.save()?;
                Ok(h)
            }),
        };
        let done = run();
        match history.and_then(|mut h| {
            h.look(&Scope::All, &By::Check, tick, now)?;
            h.save()
        }) {
            Ok(()) => {}
            Err(e) => self.notes.push(format!("the workspace's history: {e}")),
        }
        done
    }
}

/// The home's history with the configured caps.
fn open(home: &Home, config: &Config) -> std::io::Result<History> {
    History::open(
        &home.workspace(),
        &home.history_dir(),
        Caps::of(&config.workspace),
    )
}

fn rel_bytes(rel: &std::path::Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    rel.as_os_str().as_bytes().to_vec()
}
