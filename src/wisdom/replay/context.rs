//! The decision context of a replayed episode, rebuilt as the tick built it, with today's
//! recall.
//!
//! The prompt is the tick's own ([`crate::world::prompt::build`]): the stable prefix of the
//! body the creature has today (the same grammar: the action schema over today's tools), and
//! the volatile tail of the episode's moment: its tick, the stream as it stood before that
//! tick (lines of earlier ticks, from the stream ring), the cue of its step (the situation
//! key's step), and the "Before you act" block recall would show for its situation today. The
//! plan notebook as it was is not on record, so the tail shows none. When the stream ring no
//! longer reaches back before the episode, its context cannot be rebuilt and it is skipped.

use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::stream::{STREAM_CAP, StreamLine};
use crate::memory::LazyMemory;
use crate::mind::Prompt;
use crate::wisdom::recall::{self, Injected};
use crate::world::prompt::{self, Tail, work_cue_with};

use super::Today;
use super::material::Material;

/// Most stream lines read for one prompt (as a tick reads; the budget cuts further).
pub const STREAM_LINES: usize = STREAM_CAP as usize;

/// The stream ring as it stands, read once for a whole batch.
#[derive(Debug, Clone)]
pub struct Stream {
    lines: Vec<StreamLine>,
    /// Lines were dropped at the ring's cap: the oldest ticks are no longer all kept.
    dropped: bool,
}

impl Stream {
    pub fn read(rx: &impl Read) -> Result<Stream> {
        Ok(Stream {
            lines: rx
                .ring::<StreamLine>(None)?
                .into_iter()
                .map(|(_, l)| l)
                .collect(),
            dropped: rx.ring_next::<StreamLine>()? > STREAM_CAP,
        })
    }

    /// The tail a tick saw before `tick`: the newest [`STREAM_LINES`] lines of earlier ticks,
    /// and whether they reach back to the creature's first line. `None` when lines were
    /// dropped and none from before `tick` is kept.
    pub fn before(&self, tick: u64) -> Option<(&[StreamLine], bool)> {
        let end = self.lines.partition_point(|l| l.tick < tick);
        if self.dropped && end == 0 {
            return None;
        }
        let begin = end.saturating_sub(STREAM_LINES);
        Some((&self.lines[begin..end], begin == 0 && !self.dropped))
    }
}

/// One episode's rebuilt prompt and what its block showed (the bets a score settles).
#[derive(Debug, Clone)]
pub struct Rebuilt {
    pub prompt: Prompt,
    pub shown: Injected,
}

/// The step of a situation key (`o3|fix the port` → `fix the port`), if it has one.
pub fn step_of(situation: &str) -> Option<&str> {
    situation
        .split_once('|')
        .map(|(_, step)| step)
        .filter(|s| !s.is_empty())
}

/// Rebuilds the prompt of `m`'s decision; `None` when its stream is no longer kept.
pub fn rebuild(
    rx: &impl Read,
    config: &Config,
    memory: &LazyMemory<'_>,
    today: &Today<'_>,
    stream: &Stream,
    m: &Material,
) -> Result<Option<Rebuilt>> {
    let Some((lines, from_birth)) = stream.before(m.tick) else {
        return Ok(None);
    };
    let mut recall = recall::shown_now(rx, config, memory, &m.situation)?;
    let pool = prompt::examples_for(today.unlocks);
    let step = step_of(&m.situation).unwrap_or_default();
    // As the tick: a plain step is answered from the examples, not from stated facts.
    let recalled = if prompt::plain(step, &pool) {
        Vec::new()
    } else {
        recall::prose::for_step(
            rx,
            config,
            memory,
            step_of(&m.situation),
            recall.block.as_deref(),
        )?
    };
    recall
        .injected
        .items
        .extend(recalled.iter().map(|k| k.shown(step)));
    let known: Vec<String> = recalled.iter().map(|k| k.line()).collect();
    let cue = work_cue_with(step_of(&m.situation), &known, &pool, "", false);
    // Today's standing values, as today's tick reads them.
    let held: Vec<String> = crate::memory::standing(rx, prompt::VALUES_SHOWN)?
        .into_iter()
        .map(|e| e.body)
        .collect();
    let tail = Tail {
        scene: None,
        keeper: None,
        values: prompt::values_line(&held),
        tick: m.tick,
        plan: None,
        objectives: today.objectives,
        quest: today.quest.map(str::to_string),
        skills: today.skills,
        stream: lines,
        stream_from_birth: from_birth,
        before_you_act: recall.block,
        cue: &cue,
    };
    let prompt = prompt::build(
        today.persona,
        today.morph,
        today.unlocks,
        &tail,
        &config.context,
    );
    Ok(Some(Rebuilt {
        prompt,
        shown: recall.injected,
    }))
}
