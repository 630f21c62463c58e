//! Cross-crate test suites of the workspace; the tests live in `tests/tests/`.
