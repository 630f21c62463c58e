//! Cross-crate test suites of the workspace; the tests live in `tests/tests/`.
//! The library holds what is shared beyond one test file: the fuzz targets'
//! bodies ([`fuzz`]), which the targets in `fuzz/` and the seed-corpus test
//! both run.
#![deny(missing_docs)]

pub mod fuzz;
