//! A turn's first phase, with the store open: paused?, a turn in flight?, recover a stale
//! lease, choose the turn, build the prompt and schema from one snapshot of the body, and
//! write the lease. The store is closed again before the model is called.

use serde_json::Value;

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, Tx};
use crate::creature::commissions::{self, Commission};
use crate::creature::heartbeat::{self, Choice, Turn};
use crate::creature::lease::{self, LEASE_KEY, Lease, LeaseState};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::tool::ToolSpec;
use crate::creature::{Morph, Persona, notebooks};
use crate::mind::Prompt;
use crate::mind::schema::{self, action_schema};
use crate::turn::ctx::TurnCtx;
use crate::turn::ideas;
use crate::turn::lease::{lease_lifetime_ms, record_interrupted, resting_until};
use crate::turn::progression::chores::Chores;
use crate::turn::progression::snapshot::snapshot;
use crate::turn::recover;
use crate::turn::steps::{self, StepRef};
use crate::wisdom::{episodes, errands, musing, recall};
use crate::world::examples;
use crate::world::prompt::{self, Tail, rumination_cue, work_cue_with};
use crate::world::scene::{self, Arena, Stage, reaction_example};
use crate::world::skills::Runnable;
use crate::world::units::{self, Example};

use super::finish::TurnReport;
use super::lessons;
use super::reflex;
use super::rethink::{self, Rethink};

/// Most stream lines read for the prompt: the whole ring, so the window's start is worked out
/// from far enough back (the budget cuts the lines shown far further).
const STREAM_WINDOW: usize = crate::creature::stream::STREAM_CAP as usize;
/// Closed plan steps shown above the open ones.
const PLAN_DONE_SHOWN: usize = 5;

/// Everything the rest of the turn needs, taken from one snapshot.
#[derive(Debug, Clone)]
pub struct Plan {
    pub tick: u64,
    pub choice: Choice,
    pub prompt: Prompt,
    pub schema: Value,
    pub visible: Vec<&'static ToolSpec>,
    /// The creature's skills as this tick runs them.
    pub skills: Vec<Runnable>,
    /// Work for the store-closed phase: probes, prediction checks, a delegated job.
    pub chores: Chores,
    pub morph: Morph,
    pub situation: String,
    /// What the "Before you act" block showed: the bets the last phase settles.
    pub recall: recall::Injected,
    /// The tick of a turn that died and was recovered now.
    pub recovered: Option<u64>,
    /// The `[REFLEX]` line of a reflex that fired before the model was asked.
    pub reflex: Option<String>,
    /// The plan's current step as this turn began (not a reaction's question).
    pub step: Option<String>,
    /// What the turn worked on: a reaction's question, else that step.
    pub worked_step: Option<String>,
    /// Where that step comes from (a commission or a plan note), for judging what the turn's
    /// action closed; none in a reaction.
    pub step_ref: Option<StepRef>,
    /// The worked examples of the creature's tools (what a step's words are read by).
    pub pool: Vec<&'static Example>,
    pub objective: Option<String>,
    /// A rumination's lane, with `[heartbeat] rumination_lanes` on.
    pub lane: Option<musing::Choice>,
    /// The second asking, should the model repeat the previous work turn's idle action on this
    /// step (`[wisdom] second_thought_enabled`).
    pub rethink: Option<Rethink>,
    /// An errand's answer (`[wisdom] errands_enabled`): what it is asked with, and what a
    /// second answer is picked among should the first give nothing of its own.
    pub answer: Option<Answering>,
}

/// An errand's answer, as the tick asks it.
#[derive(Debug, Clone)]
pub struct Answering {
    pub question: String,
    /// The `Known fact` bodies above the question.
    pub known: Vec<String>,
    /// What a second answer is picked among ([`steps::errand::spans`]).
    pub spans: Vec<String>,
}

/// The tools whose `path` an errand's step names ([`schema::paths_among`]).
const PATH_TOOLS: &[&str] = &["read_file", "write_file"];

/// What the first phase found.
#[derive(Debug)]
pub enum Begin<'a> {
    Paused {
        name: String,
    },
    /// Inside the recovery after the last completed turn (`[heartbeat] recovery_secs`).
    Resting {
        name: String,
        until: Millis,
    },
    /// The plan of the turn and its context.
    Ready(Box<Plan>, TurnCtx<'a>),
    /// A reflex handled the turn and the model is not called (`reflex_saves_tick`).
    Handled(Box<TurnReport>),
}

/// The commission a step comes from, when errands are on (`[wisdom] errands_enabled`).
fn errand_of(tx: &Tx<'_>, errands: bool, step: Option<&StepRef>) -> Result<Option<Commission>> {
    match step.filter(|_| errands) {
        Some(StepRef {
            source: steps::Source::Commission(id),
            ..
        }) => commissions::get(tx, *id),
        _ => Ok(None),
    }
}

/// What the lessons of an errand's kind show its step: the nearest precedent of its kind and
/// role ([`crate::wisdom::errands`]), rendered, and the bet of showing it.
fn lesson_for(
    tx: &Tx<'_>,
    memory: &crate::memory::LazyMemory<'_>,
    c: &Commission,
    answering: bool,
) -> Result<Option<(String, recall::Shown)>> {
    // A chore's step is its act, whether its words or its kind's lessons named it: the act's
    // lesson is the one shown, and showing it is the bet its use settles.
    let role = if answering {
        errands::Role::Answer
    } else if c.current_stage().is_some()
        && steps::errand::asks_an_answer(&c.text, c.check.as_ref())
    {
        errands::Role::Look
    } else {
        errands::Role::Act
    };
    let found = errands::recall(tx, memory.get()?, c.kind.as_deref(), role, &c.step(), 1)?;
    Ok(found.into_iter().next().map(|p| {
        let shown = recall::Shown {
            item: recall::bets::Item::Known { engram: p.engram },
            recommends: Some(format!("{}{}", recall::bets::SHAPE, p.shape)),
            sim: p.sim,
            provenance: p.provenance,
            words: Vec::new(),
        };
        (p.render(), shown)
    }))
}

/// The keeper's newest correction of an errand of `c`'s kind, as a `Known fact` body and the
/// bet of showing it; none on the very commission it was said of (its rejection is shown there).
fn correction_for(
    tx: &Tx<'_>,
    memory: &crate::memory::LazyMemory<'_>,
    c: &Commission,
    id: u64,
) -> Result<Option<(String, recall::Shown)>> {
    let found = errands::correction(tx, memory.get()?, c.kind.as_deref(), &c.text)?;
    let own = format!("commission:{id}");
    Ok(found
        .filter(|(_, e, _)| !e.sources.contains(&own))
        .map(|(engram, e, sim)| {
            let shown = recall::Shown {
                item: recall::bets::Item::Known { engram },
                recommends: None,
                sim,
                provenance: e.provenance,
                words: recall::bets::own_words(&e.body, &c.step()),
            };
            (e.body, shown)
        }))
}

/// The schema of a rumination that plans from `ideas`: a thought, and a plan whose steps are
/// ideas, word for word, in the order the model chooses (at most four). The model chooses
/// what to do and in which order; the steps are things its tools can do and wis can check
/// (design §3.5). With no ideas it is [`rumination_schema`].
pub fn planning_schema(ideas: &[String]) -> Value {
    let mut schema = rumination_schema();
    if ideas.is_empty() {
        return schema;
    }
    schema["properties"]["plan"]["items"] = serde_json::json!({ "enum": ideas });
    schema["properties"]["plan"]["minItems"] = 1.into();
    schema["properties"]["plan"]["maxItems"] = ideas.len().min(4).into();
    schema
}

/// The schema of a rumination: a thought and a short plan.
pub fn rumination_schema() -> Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            "thought": { "type": "string", "maxLength": 600 },
            "plan": { "type": "array", "items": { "type": "string", "maxLength": 200 }, "maxItems": 6 }
        },
        "required": ["thought", "plan"],
        "additionalProperties": false
    })
}

/// How the first phase is asked to run.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'s> {
    pub now: Millis,
    /// Not a dry run: recover, fire reflexes, write the lease.
    pub write_lease: bool,
    /// Keep the creature's own recovery (`[heartbeat] recovery_secs`); a cast keeps its own.
    pub rest: bool,
    /// The cast's scene, when the turn is played in one.
    pub stage: Option<&'s Stage>,
}

/// Runs the first phase in `tx`; the caller commits (unless it is a dry run). The turn's
/// context is built here, once, and handed back with the plan. With reflexes on, an armed
/// reflex matching the situation fires here, before the prompt is built (never in a dry run).
pub fn begin<'a>(
    tx: &mut Tx<'_>,
    config: &'a Config,
    ask: Ask<'_>,
    home: &Home,
) -> Result<Begin<'a>> {
    let workspace = &home.workspace();
    let Ask {
        now,
        write_lease,
        rest,
        stage,
    } = ask;
    let (mut persona, genome, rebuilt) = recover::creature(tx)?;
    if persona.paused {
        return Ok(Begin::Paused { name: persona.name });
    }
    let recovered = match tx.get::<Lease>(LEASE_KEY)? {
        None => None,
        Some(lease) => match lease.state(now) {
            LeaseState::Fresh(l) => {
                return Err(lease::busy(&l, "the next tick runs when it completes"));
            }
            LeaseState::Stale(l) => {
                if write_lease {
                    record_interrupted(tx, &mut persona, &l, now)?;
                }
                Some(l.tick)
            }
        },
    };
    if rest
        && recovered.is_none()
        && let Some(until) = resting_until(&persona, config, now)
    {
        return Ok(Begin::Resting {
            name: persona.name,
            until,
        });
    }
    let tick = persona.ticks + 1;
    let ctx = TurnCtx::new(config, tick, now, genome.morph);
    let body = snapshot(tx, &ctx, &persona, write_lease)?;
    if write_lease {
        for line in steps::expire(tx, tick, now)? {
            tx.push(&StreamLine::new(tick, now, Voice::System, line))?;
        }
    }
    let errands = config.wisdom.errands_enabled;
    let pool = units::pool(&body.unlocks, errands);
    let mut step_ref = steps::current(tx)?;
    if errands
        && stage.is_none()
        && let Some(line) = lessons::adopt_practice(tx, &ctx.memory, step_ref.as_ref(), workspace)?
    {
        tx.push(&StreamLine::new(tick, now, Voice::System, line))?;
        step_ref = steps::current(tx)?;
    }
    let reaction = stage.and_then(Stage::reaction_step);
    let choice = |persona: &Persona, step: Option<&StepRef>| match stage {
        Some(s) => heartbeat::choose_in_cast(
            persona,
            step.map(|s| s.text.as_str()),
            s.arena == Arena::Offstage,
            s.reaction.is_some(),
        ),
        None => heartbeat::choose(persona, step.map(|s| s.text.as_str())),
    };
    let mut chosen = choice(&persona, step_ref.as_ref());
    let mut visible = body.visible.clone();
    // The scene actions (`say`, `wait`, …, `refuse` only in a reaction) are offered only in a
    // cast's work turn on stage, never to a creature alone.
    if chosen.turn == Turn::Work
        && let Some(s) = stage
    {
        visible.extend(scene::offered(s));
    }
    let mut reflex_line = None;
    let reacting = stage.is_some_and(|s| s.reaction.is_some());
    if write_lease && config.wisdom.reflexes_enabled && chosen.turn == Turn::Work && !reacting {
        let situation = episodes::situation_key(
            body.objective.as_deref(),
            step_ref.as_ref().map(|s| s.text.as_str()),
        );
        let fired = reflex::fire(
            tx,
            &ctx,
            &mut persona,
            &visible,
            &body.skills,
            &situation,
            home,
            step_ref.as_ref(),
            &pool,
        )?;
        match fired {
            reflex::Fire::Handled(handled) if config.wisdom.reflex_saves_tick => {
                let report =
                    reflex::end_below(tx, &ctx, &mut persona, *handled, &body.skills, recovered)?;
                recover::report(tx, tick, now, &rebuilt)?;
                return Ok(Begin::Handled(Box::new(report)));
            }
            reflex::Fire::Handled(handled) => {
                reflex_line = Some(handled.fired.line);
                // The reflex may have closed the step: the model takes the one after it.
                persona = tx.singleton()?;
                step_ref = steps::current(tx)?;
                chosen = choice(&persona, step_ref.as_ref());
            }
            reflex::Fire::HeldBack(line) => reflex_line = Some(line),
            reflex::Fire::Nothing => {}
        }
    }
    let choice = chosen;
    // A reaction answers what was said, in place of the plan's step.
    let planned_step = step_ref.as_ref().map(|s| s.text.clone());
    let objective_now = body.objective.clone();
    let step = reaction.or(planned_step.clone());
    let situation = episodes::situation_key(body.objective.as_deref(), step.as_deref());
    let stream: Vec<StreamLine> = tx
        .ring::<StreamLine>(Some(STREAM_WINDOW))?
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    let plan_text = tx
        .get::<notebooks::Notebook>(notebooks::PLAN)?
        .map(|b| b.render_recent(PLAN_DONE_SHOWN));
    let keeper = steps::keepers_words(&commissions::live(tx)?);
    // An errand's answer (`[wisdom] errands_enabled`): asked with what its look showed.
    let errand = match choice.turn {
        Turn::Work => errand_of(tx, errands && !reacting, step_ref.as_ref())?,
        _ => None,
    };
    let answering = match &errand {
        Some(c) => steps::errand::answer_known(tx, c, workspace)?.filter(|k| !k.is_empty()),
        None => None,
    };
    // What an earlier errand of its kind taught, right above the step, and the keeper's
    // latest correction of one of its kind.
    let lesson = match &errand {
        Some(c) => lesson_for(tx, &ctx.memory, c, answering.is_some())?,
        None => None,
    };
    let correction = match (&errand, step_ref.as_ref()) {
        (
            Some(c),
            Some(StepRef {
                source: steps::Source::Commission(id),
                ..
            }),
        ) => correction_for(tx, &ctx.memory, c, *id)?,
        _ => None,
    };
    let mut recall = recall::prepare(
        tx,
        config,
        &ctx.memory,
        &situation,
        choice.turn,
        write_lease,
    )?;
    if answering.is_some() {
        // The look's lines are the answer's precedent; the block's cases are actions.
        recall = recall::Prepared::default();
    }
    let lane = if choice.turn == Turn::Rumination && config.heartbeat.rumination_lanes {
        Some(musing::choose(tx)?)
    } else {
        None
    };
    // What prose recall states above the step: bets, settled with the block's.
    let mut prose_shown: Vec<recall::Shown> = Vec::new();
    // The second asking's (signatures, cue, schema), built beside the first.
    let mut second = None;
    let mut answer = None;
    let (cue, schema) = match choice.turn {
        Turn::Rumination => match lane.as_ref().and_then(|l| l.material.as_ref()) {
            Some(material) => {
                let mut schema = rumination_schema();
                schema["properties"]["thought"]["maxLength"] = musing::THOUGHT_MAX_CHARS.into();
                (musing::associative_cue(material), schema)
            }
            None => {
                let stuck = match choice.why {
                    heartbeat::WHY_FAILED | heartbeat::WHY_REPEATS | heartbeat::WHY_STALLED => {
                        planned_step.as_deref()
                    }
                    _ => None,
                };
                let ideas = ideas::ideas(tx, &body.unlocks, workspace, stuck)?;
                let why = if persona.failed_replans > 0 {
                    format!(
                        "{}; your last plan did not change: change something",
                        choice.why
                    )
                } else {
                    choice.why.to_string()
                };
                (rumination_cue(&why, &ideas, stuck), planning_schema(&ideas))
            }
        },
        _ if let Some(known) = answering.clone() => {
            // An errand's answer: what its look showed right above the question, and the reply
            // its only tool (design §3.8). What memory holds for it is stated only when no look
            // showed anything: beside the look's lines a remembered fact about another file is
            // what the 270M answered from.
            let step_text = step.as_deref().unwrap_or_default();
            let looked: Vec<String> = known
                .iter()
                .filter(|l| *l != steps::errand::MISSED)
                .cloned()
                .collect();
            let recalled = if looked.is_empty() {
                recall::prose::for_step(
                    tx,
                    config,
                    &ctx.memory,
                    step.as_deref(),
                    recall.block.as_deref(),
                )?
            } else {
                Vec::new()
            };
            prose_shown.extend(recalled.iter().map(|k| k.shown(step_text)));
            let mut lines: Vec<String> = recalled.iter().rev().map(|k| k.line()).collect();
            if let Some((body, shown)) = &correction
                && !prose_shown.iter().any(|s| s.item == shown.item)
            {
                prose_shown.push(shown.clone());
                lines.insert(0, body.clone());
            }
            lines.extend(known);
            let demo = match &lesson {
                Some((text, shown)) => {
                    prose_shown.push(shown.clone());
                    text.clone()
                }
                None => String::new(),
            };
            // After a reply the check did not pass, the answer is picked among what the look
            // showed, and none of it that a reply already said to this errand held.
            let missed: Vec<String> = match (&errand, step_ref.as_ref()) {
                (
                    Some(c),
                    Some(StepRef {
                        source: steps::Source::Commission(id),
                        ..
                    }),
                ) if c.missed_replies > 0 => {
                    let mut said = commissions::said_to(tx, *id)?;
                    said.extend(c.reply.clone());
                    said
                }
                _ => Vec::new(),
            };
            // Picked among what the look showed, when it showed anything.
            let among = if looked.is_empty() { &lines } else { &looked };
            let spans = steps::errand::spans(among, step_text, &missed);
            let schema = if !missed.is_empty() && !spans.is_empty() {
                schema::reply_among(&spans)
            } else {
                action_schema(&[])
            };
            answer = Some(Answering {
                question: step_text.to_string(),
                known: lines.clone(),
                spans,
            });
            (prompt::answer_cue(step_text, &demo, &lines), schema)
        }
        _ => {
            let block = recall.block.as_deref();
            let step_text = step.as_deref().unwrap_or_default();
            // A step plainly of an example's kind is answered from the examples: stated facts
            // above it would take their place (design §3.1).
            let plain = examples::plain(step_text, &pool);
            // An errand's look or act is shown its kind's lesson and correction, not stated
            // facts: their worked examples' answers are what a small model copies there.
            let recalled = if plain || errand.is_some() {
                Vec::new()
            } else {
                recall::prose::for_step(tx, config, &ctx.memory, step.as_deref(), block)?
            };
            prose_shown.extend(recalled.iter().map(|k| k.shown(step_text)));
            let mut known: Vec<String> = recalled.iter().map(|k| k.line()).collect();
            if let Some(here) = step_ref.as_ref().filter(|_| !reacting) {
                let mut seen = if plain {
                    Vec::new()
                } else {
                    steps::seen_here(tx, &situation, here.since)?
                };
                if let Some(why) = steps::rejection(tx, here)? {
                    seen.insert(0, why);
                }
                known.splice(0..0, seen);
            }
            let mut example = stage
                .and_then(|s| s.reaction.as_ref())
                .map(|a| reaction_example(&a.from))
                .unwrap_or_default();
            if let Some((body, shown)) = &correction {
                prose_shown.push(shown.clone());
                example.push_str(&prompt::known_line(body));
            }
            if let Some((text, shown)) = &lesson {
                prose_shown.push(shown.clone());
                example.push_str(text);
            }
            // The paths an errand's step names are used whole (`read_file` and `write_file`
            // take one of them).
            let named: Vec<String> = match &errand {
                Some(_) => steps::errand::named_paths(step_text),
                None => Vec::new(),
            };
            // A look or chore that names its command is run whole: bash takes that command.
            let command: Vec<String> = match (&errand, steps::errand::Stage::parse(step_text)) {
                (Some(_), Some(steps::errand::Stage::Run(c))) => vec![c],
                _ => Vec::new(),
            };
            if config.wisdom.second_thought_enabled && !reacting {
                let idle = rethink::idle_before(tx, &situation)?;
                if !idle.is_empty() {
                    let mut extra = example.clone();
                    for e in idle.iter().rev() {
                        extra.push_str(&prompt::known_line(&rethink::known_line(e)));
                    }
                    let tools: Vec<&str> = idle.iter().map(|e| e.tool.as_str()).collect();
                    let tell = rethink::asks_a_reply(step_text, step_ref.as_ref(), &pool);
                    second = Some((
                        idle.iter().map(|e| e.signature.clone()).collect(),
                        work_cue_with(step.as_deref(), &known, &pool, &extra, errands),
                        if tell {
                            action_schema(&[])
                        } else {
                            schema::commands_among(
                                schema::paths_among(
                                    rethink::schema_without(&visible, &tools),
                                    PATH_TOOLS,
                                    &named,
                                ),
                                &command,
                            )
                        },
                    ));
                }
            }
            (
                work_cue_with(step.as_deref(), &known, &pool, &example, errands),
                schema::commands_among(
                    schema::paths_among(action_schema(&visible), PATH_TOOLS, &named),
                    &command,
                ),
            )
        }
    };
    // The standing values it holds (accepted from a cast's review, or told): one line.
    let held: Vec<String> = crate::memory::standing(tx, prompt::VALUES_SHOWN)?
        .into_iter()
        .map(|e| e.body)
        .collect();
    let tail = Tail {
        tick,
        values: prompt::values_line(&held),
        plan: plan_text.filter(|_| choice.turn == Turn::Rumination),
        objectives: &body.objectives,
        quest: body.quest,
        skills: &body.skill_lines,
        stream: &stream,
        stream_from_birth: stream.len() < STREAM_WINDOW,
        before_you_act: recall.block,
        scene: stage.and_then(Stage::render),
        // The keeper's words, like the plan, are for a turn that plans: measured on the 270M, the
        // commission listed again above its own step cost 4 steps of 35.
        keeper: keeper.filter(|_| choice.turn == Turn::Rumination),
        cue: &cue,
    };
    let prompt = prompt::build(
        &persona,
        genome.morph,
        &body.unlocks,
        &tail,
        &config.context,
    );
    let rethink = second.map(|(signatures, cue, schema)| Rethink {
        signatures,
        prompt: prompt::build(
            &persona,
            genome.morph,
            &body.unlocks,
            &Tail { cue: &cue, ..tail },
            &config.context,
        ),
        schema,
    });
    if write_lease {
        let expires_at = now + lease_lifetime_ms(config);
        let lease = Lease {
            pid: std::process::id(),
            tick,
            turn: choice.turn,
            started_at: now,
            expires_at,
        };
        tx.put(LEASE_KEY, &lease)?;
        recover::report(tx, tick, now, &rebuilt)?;
    }
    let plan = Plan {
        tick,
        choice,
        prompt,
        schema,
        visible,
        skills: body.skills,
        chores: body.chores,
        morph: genome.morph,
        situation,
        recall: {
            let mut injected = recall.injected;
            injected.items.extend(prose_shown);
            injected
        },
        recovered,
        reflex: reflex_line,
        step: planned_step,
        worked_step: step.clone(),
        step_ref: if reacting { None } else { step_ref },
        pool,
        objective: objective_now,
        lane,
        rethink,
        answer,
    };
    Ok(Begin::Ready(Box::new(plan), ctx))
}
