//! The canonical-form engine.
