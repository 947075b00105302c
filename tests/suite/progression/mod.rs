//! The growing body end to end: a simulated first day, the economy, the quest engine, organs
//! that answer late, every tool of the ladder, the seeder, and the red gates over the source.

mod day;
mod economy;
mod gates;
mod harness;
mod organs;
mod quest_texts;
mod quests;
mod seeder;
mod tools;
