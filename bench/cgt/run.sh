#!/usr/bin/env bash
# grundy against cgt-py and pycgt (bench/README.md, "Against cgt-py and pycgt:
# rulesets, CGSuite's instances, cooling and reduced forms"): rulesets' canonical
# forms, CGSuite's benchmark instances, and cooling and reduced forms of 1,000 random
# games.
#
#   bash bench/cgt/run.sh                    # RUNS=5 runs of each side, medians
#   RUNS=3 TIMEOUT=120 bash bench/cgt/run.sh
#   ONLY=1:konane-4x5,3:cool-reduced bash bench/cgt/run.sh
#
# grundy's side is the release binary (built here with cargo, once) and the Python
# package built from crates/grundy-py; the peers are cgt-py (the Python binding of
# cgt-tools) and pycgt (pure Python), both from the package registry. Everything
# Python lives in the benchmark's own virtual environment, target/bench-cgt-env: the
# peers are dependencies of this benchmark only, never of the project. Each
# measurement is one child process, bounded by TIMEOUT seconds (300 by default).
set -euo pipefail
cd "$(dirname "$0")/../.."
ENV=target/bench-cgt-env
echo "building target/release/grundy ..." >&2
cargo build --release --quiet -p grundy-cli
if [ ! -x "$ENV/bin/python" ]; then
    python3 -m venv "$ENV"
fi
echo "building grundy from crates/grundy-py (release) ..." >&2
# The figures in bench/README.md were measured with the profile `wheel` (fat LTO) and
# the opt-in code layout (crates/grundy-py/build.rs); GRUNDY_HOT_TEXT=0 and
# MATURIN_PEP517_ARGS="--profile release" build the default wheel.
GRUNDY_HOT_TEXT=${GRUNDY_HOT_TEXT:-1} MATURIN_PEP517_ARGS=${MATURIN_PEP517_ARGS:---profile wheel} \
    "$ENV/bin/python" -m pip install -v ./crates/grundy-py >&2
if ! "$ENV/bin/python" -m pip install --quiet "cgt-py==0.11.*" pycgt; then
    echo "cgt-py or pycgt could not be installed: their sides cannot run" >&2
    exit 1
fi
# cgt-py imports anywidget and traitlets (its Jupyter widgets) without declaring them:
# its children get the stand-ins of bench/cgt/stubs/ (see bench/cgt/cases.py).
PYTHONPATH=bench/cgt/stubs "$ENV/bin/python" -c 'import grundy, cgt_py, pycgt' || {
    echo "grundy, cgt_py or pycgt cannot be imported" >&2
    exit 1
}
# The launcher that reports each child's own CPU time and peak memory (launch.c).
cc -O2 -o "$ENV/bin/bench-launch" bench/cgt/launch.c
exec "$ENV/bin/python" bench/cgt/bench.py
