//! The fault sweep over `wis cachectl import`: a snapshot of the same creature, grown three
//! turns further, imported over it through the command itself.

use super::tick::{grown, report, tick_at};
use super::{BORN, copy_home, ctx, fingerprint, open, sweep};
use crate::base::home::Home;
use crate::commands::cachectl::import;
use crate::turn::documents::registry;

#[test]
fn an_import_is_all_or_nothing_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = grown(dir.path(), 2);
    let file = dir.path().join("older.cc");
    {
        let (_copy, older) = copy_home(&template);
        for i in 3..=5 {
            tick_at(&older, BORN + 60_000 * i).unwrap();
        }
        let store = open(&older);
        let rx = store.read().unwrap();
        let bytes = crate::base::cultcache::export(&rx, registry(), BORN).unwrap();
        std::fs::write(&file, bytes).unwrap();
    }
    let run = |home: &Home| {
        let args = import::Args { file: file.clone() };
        import::run(&ctx(home), args)
    };
    let before = fingerprint(&template);
    let imported = {
        let (_copy, home) = copy_home(&template);
        run(&home).unwrap();
        fingerprint(&home)
    };
    assert_ne!(before, imported);
    let figures = sweep("import", &template, None, &run, &|_, after, ok| {
        let now = fingerprint(after);
        assert!(
            now == before || now == imported,
            "an import was half written"
        );
        if ok {
            assert!(now == imported, "an import that succeeded was lost");
        }
    });
    report("import", &figures);
    assert!(figures.power > 0);
}
