//! Cross-crate test suites; the tests live in `tests/tests/`.
