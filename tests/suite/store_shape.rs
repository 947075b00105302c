//! Document shapes read from serde definitions: the members a CultCache catalog publishes
//! match what the store actually encodes.

use wis::base::store::{Member, members};
use wis::creature::{Genome, Persona, Unlocks};

fn encoded_keys<T: serde::Serialize>(doc: &T) -> Vec<String> {
    let bytes = wis::base::store::encode(doc).unwrap();
    let value = rmpv::decode::read_value(&mut bytes.as_slice()).unwrap();
    value
        .as_map()
        .unwrap()
        .iter()
        .map(|(k, _)| k.as_str().unwrap().to_string())
        .collect()
}

fn names(members: &[Member]) -> Vec<String> {
    members.iter().map(|m| m.name.to_string()).collect()
}

fn types(members: &[Member]) -> Vec<(&str, &str)> {
    members
        .iter()
        .map(|m| (m.name, m.type_name.as_str()))
        .collect()
}

#[test]
fn members_match_the_encoded_fields() {
    let persona = Persona::newborn("Ba", 1);
    assert_eq!(names(&members::<Persona>()), encoded_keys(&persona));
    let genome = Genome::draw(3, true, 1);
    assert_eq!(names(&members::<Genome>()), encoded_keys(&genome));
    let unlocks = Unlocks::newborn(1);
    assert_eq!(names(&members::<Unlocks>()), encoded_keys(&unlocks));
}

#[test]
fn member_types_are_traced() {
    let persona = members::<Persona>();
    let persona = types(&persona);
    assert!(persona.contains(&("name", "string")));
    assert!(persona.contains(&("born_at", "i64")));
    assert!(persona.contains(&("ticks", "u64")));
    assert!(persona.contains(&("sleep_pressure", "f64")));
    assert!(persona.contains(&("paused", "bool")));
    assert!(persona.contains(&("paused_at", "i64?")));
    assert!(persona.contains(&("last_tick", "LastTick?")));
    let genome = members::<Genome>();
    assert!(types(&genome).contains(&("morph", "Morph")));
    assert!(types(&genome).contains(&("temperament", "Temperament")));
    let unlocks = members::<Unlocks>();
    assert_eq!(types(&unlocks), vec![("units", "map<string,UnitRecord>")]);
    assert!(unlocks[0].many);
}

#[test]
fn sequences_and_non_structs() {
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Notes {
        tags: Vec<String>,
        #[serde(rename = "vectorValues")]
        vector: Vec<f32>,
        pair: (u8, u8),
    }
    let m = members::<Notes>();
    assert_eq!(
        types(&m),
        vec![
            ("tags", "string[]"),
            ("vectorValues", "f32[]"),
            ("pair", "tuple")
        ]
    );
    assert!(m[0].many && !m[2].many);
    assert!(members::<Vec<u8>>().is_empty());
    assert!(members::<String>().is_empty());
}
