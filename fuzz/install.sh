#!/bin/sh
# Installs what the fuzz targets need: cargo-fuzz (from crates.io) and the nightly
# toolchain that libFuzzer's sanitizer flags require. Safe to run again.
set -eu
if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
cargo fuzz --version
