//! The register of document types: every type the store may hold, by schema id.
//!
//! The store itself knows no document type; this list, which names types from every floor, is
//! handed to it: birth creates their tables, `wis check` validates every document against its
//! registered type, `wis cachectl` builds its catalog from this list, and `wis status` counts
//! by it. A type that is not here cannot be imported.

use std::sync::OnceLock;

use crate::base::store::DocType;

/// Every registered document type.
pub fn registry() -> &'static [DocType] {
    static TYPES: OnceLock<Vec<DocType>> = OnceLock::new();
    TYPES.get_or_init(|| {
        use crate::creature as life;
        use crate::wisdom::curve;
        vec![
            DocType::of::<life::Persona>(),
            DocType::of::<life::Genome>(),
            DocType::of::<life::Unlocks>(),
            DocType::of::<life::stream::StreamLine>(),
            DocType::of::<life::notebooks::Notebook>(),
            DocType::of::<life::lease::Lease>(),
            DocType::of::<crate::wisdom::episodes::Episode>(),
            DocType::of::<crate::turn::sleep::SleepReceipt>(),
            DocType::of::<curve::CurveResult>(),
            DocType::of::<curve::BatteryRecord>(),
            DocType::of::<crate::memory::Engram>(),
            DocType::of::<crate::memory::Vector>(),
            DocType::of::<crate::memory::MemoryState>(),
            DocType::of::<crate::memory::resonance::Resonance>(),
            DocType::of::<crate::wisdom::recall::Situation>(),
            DocType::of::<crate::wisdom::recall::SituationVector>(),
            DocType::of::<crate::wisdom::recall::IndexState>(),
            DocType::of::<crate::wisdom::recall::Bet>(),
            DocType::of::<crate::wisdom::replay::ReplayRecord>(),
            DocType::of::<crate::wisdom::incubation::Incubation>(),
            DocType::of::<crate::wisdom::musing::Musings>(),
            DocType::of::<crate::wisdom::dream::SleepCycle>(),
            DocType::of::<crate::wisdom::dream::DreamRecord>(),
            DocType::of::<crate::wisdom::reflex::Reflex>(),
            DocType::of::<crate::wisdom::reflex::ReflexState>(),
            DocType::of::<crate::wisdom::lineage::Lineage>(),
            DocType::of::<life::news::NewsItem>(),
            DocType::of::<life::quest_book::QuestBook>(),
            DocType::of::<life::objectives::Objectives>(),
            DocType::of::<crate::creature::expectations::Expectation>(),
            DocType::of::<crate::world::skills::Skill>(),
            DocType::of::<crate::world::skills::SkillScript>(),
            DocType::of::<crate::world::delegate::Delegation>(),
            DocType::of::<crate::mind::calls::MindCall>(),
            DocType::of::<crate::turn::economy::seen::Observations>(),
            DocType::of::<life::commissions::Commission>(),
            DocType::of::<life::commissions::Desk>(),
            DocType::of::<life::commissions::Said>(),
            DocType::of::<life::turns::TurnRecord>(),
            DocType::of::<crate::wisdom::distill::DistillState>(),
        ]
    })
}

/// The registered type with this schema id.
pub fn doc_type(schema: &str) -> Option<&'static DocType> {
    registry().iter().find(|t| t.schema == schema)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_ids_are_unique_and_well_formed() {
        let mut seen = std::collections::BTreeSet::new();
        for ty in registry() {
            assert!(seen.insert(ty.schema), "duplicate {}", ty.schema);
            assert!(ty.schema.starts_with("wis."), "{}", ty.schema);
            assert!(ty.version() >= 1, "{}", ty.schema);
            assert_eq!(format!("{}.v{}", ty.name(), ty.version()), ty.schema);
        }
    }
}
